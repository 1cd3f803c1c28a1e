/**
 * kill -9 of a `--data` mock at awkward moments: in the middle of a clock jump, while a webhook retry is in flight,
 * and during a `verify` run against it (both killed, as by a machine going down). After a restart the mock answers as before for every client, every
 * acknowledged change is there, and no delivery is lost or sent under a new event id.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recoveryFile } from '../../src/verify/target-state.ts';
import { BIN, runCli, startCli, type Started } from '../support/cli.ts';

const WEEK = 7 * 86_400;
let dir = '';
const running: Started[] = [];
const closers: Array<() => void> = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'commerce-mock-kill-'));
});

afterEach(async () => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
  closers.splice(0).forEach((close) => close());
  await rm(dir, { recursive: true, force: true });
});

async function start(args: string[]): Promise<Started> {
  // A loaded CI machine may take a while to start a process: bounded by the test's own timeout.
  const server = await startCli(['--data', join(dir, 'db.json'), '--rate-limit', 'off', ...args], 60_000);
  running.push(server);
  return server;
}

async function kill(server: Started): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

function client(server: Started) {
  const call = async (path: string, method = 'GET', body?: unknown, token?: string): Promise<{ status: number; body: any }> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  };
  const token = async (clientId = 'mock-client', secret = 'mock-secret') =>
    (await call('/v1/auth/token', 'POST', { client_id: clientId, client_secret: secret })).body.data.access_token as string;
  return { call, token };
}

const port = (server: Started) => new URL(server.baseUrl).port;
const waitFor = async (done: () => Promise<boolean> | boolean, rounds = 1200) => {
  for (let round = 0; round < rounds && !(await done()); round += 1) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe('kill -9 of a --data mock, then a restart', () => {
  it('in the middle of a clock jump: acknowledged records stay, and nothing is billed past the clock or left due', async () => {
    let mock = await start(['--seed-data', 'none']);
    let api = client(mock);
    const token = await api.token();
    const marker = (await api.call('/v1/products/create', 'POST', { name: 'Marcador', price: 1 }, token)).body.data.id as string;
    for (let index = 0; index < 20; index += 1) {
      const plan = { originPlanId: `W-${index}`, name: `Semanal ${index}`, price: 10, interval: 'weekly' };
      const created = await api.call('/v1/subscriptions', 'POST', { plan, customer: { merchantCustomerId: `C-${index}`, name: 'Ana' } }, token);
      expect(created.status).toBe(201);
    }
    await api.call('/__admin/clock/freeze', 'POST');
    const from = Date.parse((await api.call('/__admin/clock')).body.data.now);
    // 100 weeks over 20 weekly subscriptions: 2,000 billing steps, several slices; killed at a moment of the jump.
    const delayMs = Math.floor(Math.random() * 200);
    let acknowledged = false;
    const jump = api.call('/__admin/clock/advance', 'POST', { seconds: 100 * WEEK }).then((answer) => (acknowledged = answer.status === 200), () => false);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await kill(mock);
    await jump;
    console.log(`clock jump killed ${delayMs} ms after it was sent (answered before the kill: ${acknowledged})`);

    mock = await start(['--seed-data', 'none']);
    api = client(mock);
    const now = Date.parse((await api.call('/__admin/clock')).body.data.now);
    if (acknowledged) expect(now).toBe(from + 100 * WEEK * 1000);
    else expect([from, from + 100 * WEEK * 1000]).toContain(now);
    const fresh = await api.token();
    expect((await api.call(`/v1/products/${marker}`, 'GET', undefined, fresh)).status).toBe(200);
    const listed = async () => (await api.call('/v1/subscriptions?limit=100', 'GET', undefined, fresh)).body.data as Array<{ status: string; currentPeriodEnd: string }>;
    expect(await listed()).toHaveLength(20);
    // Whatever the moment: every billing period up to the clock is billed. The clock is durable before the first
    // slice it makes due, so a cut catch-up comes back with the clock and the restarted mock finishes it, in slices
    // between requests (the clock never blocks one): polled, not read once.
    const unbilled = async () => (await listed()).filter((subscription) => subscription.status !== 'CANCELLED' && Date.parse(subscription.currentPeriodEnd) <= now).length;
    await expect.poll(unbilled, { timeout: 60_000, interval: 200 }).toBe(0);
    // ... and none past it, each payment once.
    const payments = (await api.call('/v1/payments?limit=100', 'GET', undefined, fresh)).body;
    const all: Array<{ id: string; createdAt: string }> = [...payments.data];
    for (let page = 2; page <= payments.pagination.totalPages; page += 1) {
      all.push(...(await api.call(`/v1/payments?limit=100&page=${page}`, 'GET', undefined, fresh)).body.data);
    }
    expect(all.every((payment) => Date.parse(payment.createdAt) <= now)).toBe(true);
    expect(new Set(all.map((payment) => payment.id)).size).toBe(all.length);
    if (now > from) expect(all.length).toBeGreaterThanOrEqual(20 * 100);
  }, 180_000);

  it('while a webhook retry is in flight: the delivery is still there under its ids, and delivered once the receiver is back', async () => {
    let mode: 'fail' | 'hang' | 'ok' = 'fail';
    const hanging: ServerResponse[] = [];
    const delivered: Array<{ eventId: string; deliveryId: string }> = [];
    let retryArrived = false;
    const receiver: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
      request.resume();
      request.on('end', () => {
        if (mode === 'fail') response.writeHead(500).end('no');
        else if (mode === 'hang') (retryArrived = true), hanging.push(response);
        else {
          delivered.push({ eventId: String(request.headers['x-mock-event-id']), deliveryId: String(request.headers['x-mock-delivery-id']) });
          response.writeHead(200).end('ok');
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      hanging.forEach((response) => response.destroy());
      receiver.close();
    });
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

    let mock = await start(['--seed-data', 'none']);
    let api = client(mock);
    expect((await api.call('/__admin/clients', 'POST', { clientId: 'shop-hook', clientSecret: 'shop-hook-secret' })).status).toBe(201);
    expect((await api.call('/__admin/clients/shop-hook/webhook', 'PUT', { url: hookUrl, secret: 'whsec_kill_0123' })).status).toBe(200);
    await api.call('/__admin/clock/freeze', 'POST');
    const token = await api.token('shop-hook', 'shop-hook-secret');
    const order = { customer: { merchantCustomerId: 'C-1', name: 'Ana' }, items: [{ originProductId: 'P-1', name: 'Caju', price: 250, quantity: 1 }] };
    const orderId = (await api.call('/v1/orders', 'POST', order, token)).body.data.id as string;
    expect((await api.call(`/__admin/orders/${orderId}/transition`, 'POST', { status: 'PAID' })).status).toBe(200);
    type Delivery = { id: string; eventId: string; status: string; attempts: unknown[] };
    let before: Delivery[] = [];
    await waitFor(async () => {
      before = (await api.call('/__admin/webhooks/deliveries')).body.data;
      return before.length > 0 && before.every((delivery) => delivery.attempts.length === 1);
    });
    expect(before.length).toBeGreaterThan(0);
    // The retry is due: the receiver takes it and never answers; the mock is killed with the attempt in flight.
    mode = 'hang';
    expect((await api.call('/__admin/clock/advance', 'POST', { seconds: 15 })).status).toBe(200);
    await waitFor(() => retryArrived);
    expect(retryArrived).toBe(true);
    await kill(mock);

    mode = 'ok';
    mock = await start(['--seed-data', 'none']);
    api = client(mock);
    const after = (await api.call('/__admin/webhooks/deliveries')).body.data as Delivery[];
    expect(after.map(({ id, eventId, status }) => ({ id, eventId, status }))).toEqual(before.map(({ id, eventId }) => ({ id, eventId, status: 'pending' })));
    const fresh = await api.token('shop-hook', 'shop-hook-secret');
    expect((await api.call(`/v1/orders/${orderId}`, 'GET', undefined, fresh)).body.data.status).toBe('PAID');
    expect((await api.call('/__admin/clock/advance', 'POST', { seconds: 3600 })).status).toBe(200);
    await waitFor(() => delivered.length >= before.length);
    expect(delivered.map((request) => request.deliveryId).sort()).toEqual(before.map((delivery) => delivery.id).sort());
    expect(delivered.map((request) => request.eventId).sort()).toEqual(before.map((delivery) => delivery.eventId).sort());
  }, 180_000);

  it("during a verify run against it: verify --restore gives the restarted mock the developer's records, clock and scenario", async () => {
    let mock = await start([]);
    let api = client(mock);
    let token = await api.token();
    const marker = (await api.call('/v1/products/create', 'POST', { name: 'Marcador do programador', price: 1 }, token)).body.data.id as string;
    await api.call('/__admin/clock/advance', 'POST', { seconds: 86_400 });
    await api.call('/__admin/scenarios/active', 'PUT', { name: 'order-failed' });
    token = await api.token();
    const verify = spawn(process.execPath, [BIN, 'verify', '--provider-base-url', mock.baseUrl], {
      env: { ...process.env, PACT_DO_NOT_TRACK: 'true', SCARF_ANALYTICS: 'false' },
      stdio: 'ignore',
    });
    const verifyExited = new Promise<number | null>((resolve) => verify.on('exit', (code) => resolve(code)));
    await waitFor(async () => existsSync(recoveryFile(mock.baseUrl)) && (await api.call(`/v1/products/${marker}`, 'GET', undefined, token)).status !== 200);
    const samePort = port(mock);
    // The machine goes down: the mock and the verify run are both killed outright; the recovery file stays.
    await kill(mock);
    verify.kill('SIGKILL');
    await verifyExited;
    expect(existsSync(recoveryFile(mock.baseUrl))).toBe(true);

    mock = await start(['--port', samePort]);
    api = client(mock);
    expect((await api.call(`/v1/products/${marker}`, 'GET', undefined, token)).status).not.toBe(200);
    const restored = await runCli(['verify', '--restore', '--provider-base-url', mock.baseUrl]);
    expect(restored).toMatchObject({ code: 0, stdout: expect.stringContaining('is restored') });
    expect((await api.call(`/v1/products/${marker}`, 'GET', undefined, token)).status).toBe(200);
    expect((await api.call('/__admin/scenarios/active')).body.data.global).toBe('order-failed');
    expect(Date.parse((await api.call('/__admin/clock')).body.data.now)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(existsSync(recoveryFile(mock.baseUrl))).toBe(false);
    const again = await runCli(['verify', '--restore', '--provider-base-url', mock.baseUrl]);
    expect(again).toMatchObject({ code: 0, stdout: expect.stringContaining('no state left to restore') });
  }, 180_000);
});
