/**
 * The hosted checkout in a real browser: a merchant registers a webhook endpoint and places an order over the
 * API, the payer opens the order's `checkout` link, picks M-Pesa, types a +258 84 number and pays. The page,
 * the status endpoint, the payments list and the merchant's receiver all see the payment.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { CLIENT, createTestApp, type TestApp } from '../support/test-app.ts';
import { startReceiver, until, type Receiver } from '../webhooks/receiver.ts';

let browser: Browser;
let server: Server;
let hooks: Receiver;
let t: TestApp;
let base: string;

beforeAll(async () => {
  [browser, hooks, t] = await Promise.all([launchBrowser(), startReceiver(), createTestApp()]);
  server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await hooks?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

/** A JSON call as the merchant's backend makes it (the app validates each answer against its document). */
async function call(method: string, path: string, body?: object, token?: string): Promise<{ status: number; body: { data: Record<string, unknown> } }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(`${base}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

describe('checkout in chromium', () => {
  it('the payer pays with M-Pesa on the checkout page: paid outcome, status PAID, payment PAID, webhook received', async () => {
    expect((await call('PUT', '/__admin/clients/mock-client/webhook', { url: hooks.url, secret: 'whsec_browser_test' })).status).toBe(200);
    const token = (await call('POST', '/v1/auth/token', CLIENT)).body.data.access_token as string;
    const placed = await call('POST', '/v1/orders', { customer: { name: 'Ana Machava' }, items: [{ name: 'Capulana', price: 350, quantity: 2 }], shippingCost: 50 }, token);
    expect(placed.status).toBe(201);
    const { id, checkout } = placed.body.data as { id: string; checkout: string };
    expect(checkout).toBe(`${base}/checkout/${id}`);

    const page = await browser.newPage();
    await page.goto(checkout);
    expect(await page.getByTestId('amount').textContent()).toBe('750,00\u00a0MZN');
    expect(await page.getByTestId('status').getAttribute('data-status')).toBe('PENDING');
    await page.getByTestId('wallet-mpesa').check();
    await page.getByTestId('phone').fill('+258 84 123 4567');
    await page.getByTestId('pay').click();
    await page.getByTestId('outcome').waitFor();

    expect(page.url()).toBe(checkout);
    expect(await page.getByTestId('status').getAttribute('data-status')).toBe('PAID');
    expect(await page.getByTestId('outcome').innerText()).toContain('Pedido pago com M-Pesa pelo número +258 84 123 4567.');
    expect(await page.getByTestId('pay').count()).toBe(0);

    expect((await call('GET', `/v1/orders/${id}/status`, undefined, token)).body.data).toMatchObject({ orderId: id, status: 'PAID' });
    expect((await call('GET', `/v1/payments?orderId=${id}`, undefined, token)).body.data).toEqual([
      expect.objectContaining({ orderId: id, status: 'PAID', method: 'mpesa', amount: 750 }),
    ]);
    await until(() => hooks.received.length >= 2, 'the webhooks of the payment');
    expect(hooks.received.map((request) => request.body.type).sort()).toEqual(['order.status_changed', 'payment.status_changed']);
    expect(hooks.received.find((request) => request.body.type === 'order.status_changed')?.body.data).toEqual({ orderId: id, status: 'PAID' });

    // A reload shows the outcome again and sends nothing more.
    await page.reload();
    expect(await page.getByTestId('status').getAttribute('data-status')).toBe('PAID');
    expect(hooks.received).toHaveLength(2);
    await page.close();
  });
});
