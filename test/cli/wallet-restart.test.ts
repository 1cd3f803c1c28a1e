/**
 * Wallets survive kill -9: after a restart a wallet keeps its balance (a debit made before), a locked wallet stays
 * locked, and a prompt open on the phone is still open and can be answered.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCli, type Started } from '../support/cli.ts';

let dir = '';
let running: Started | undefined;

afterAll(async () => {
  running?.child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

async function call(path: string, method = 'GET', body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${running!.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** Places a 600 MZN order and pays it on the checkout page with the M-Pesa number: the phone is prompted. */
async function pushedOrder(token: string): Promise<string> {
  const order = (
    await call('/v1/orders', 'POST', {
      customer: { merchantCustomerId: 'C-1', name: 'Rui Sitoe', phone: '+258841112233' },
      items: [{ originProductId: 'P-1', name: 'Bicicleta', price: 600, quantity: 1 }],
      shippingAddressDisabled: true,
    }, token)
  ).body.data;
  const page = await (await fetch(`${running!.baseUrl}/checkout/${order.id}`)).text();
  const pageToken = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const posted = await fetch(`${running!.baseUrl}/checkout/${order.id}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: running!.baseUrl },
    body: new URLSearchParams({ token: pageToken, action: 'pay', wallet: 'mpesa', phone: '841112233' }).toString(),
  });
  expect(posted.status).toBe(303);
  return order.id as string;
}

describe('wallets across kill -9', () => {
  it('keep their balances, locks and open prompts', async () => {
    dir = await mkdtemp(join(tmpdir(), 'commerce-mock-wallets-'));
    const args = ['--data', join(dir, 'db.json'), '--seed-data', 'none'];
    running = await startCli(args);
    await call('/__admin/clock/freeze', 'POST');
    const wallets = '/__admin/clients/mock-client/wallets';
    expect((await call(`${wallets}/+258841112233`, 'PUT', { balance: 1000, pin: '1234' })).status).toBe(201);
    expect((await call(`${wallets}/+258861112233`, 'PUT', { balance: 50, pin: '4321', status: 'locked' })).status).toBe(201);
    const token = (await call('/v1/auth/token', 'POST', { client_id: 'mock-client', client_secret: 'mock-secret' })).body.data.access_token;
    await pushedOrder(token);
    expect((await call(`${wallets}/+258841112233/prompt`, 'POST', { action: 'pin', pin: '1234' })).body.data).toMatchObject({ status: 'PAID' });
    const open = await pushedOrder(token);

    running.child.kill('SIGKILL');
    await running.exited;
    running = await startCli(args);

    const wallet = (await call(`${wallets}/+258841112233`)).body.data;
    expect(wallet).toMatchObject({ balance: 400, status: 'active', prompt: { orderId: open, amount: 600 } });
    expect((await call(`${wallets}/+258861112233`)).body.data).toMatchObject({ balance: 50, status: 'locked' });
    const answered = (await call(`${wallets}/+258841112233/prompt`, 'POST', { action: 'pin', pin: '1234' })).body.data;
    expect(answered).toMatchObject({ orderId: open, status: 'FAILED', failureReason: { code: 'INSUFFICIENT_BALANCE' } });
    expect((await call(`${wallets}/+258841112233/statement`)).body.data.map((line: { kind: string }) => line.kind)).toEqual(['debit', 'failed']);
  }, 60_000);
});
