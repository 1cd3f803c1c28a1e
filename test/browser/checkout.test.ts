/**
 * The hosted checkout in a real browser: a merchant registers a webhook endpoint and places an order over the
 * API, the payer opens the order's `checkout` link, picks M-Pesa, types a +258 84 number and pays; the page waits
 * on the phone prompt until the payer answers on the mock clock. The page, the status endpoint, the payments list
 * and the merchant's receiver all see the payment. Then every row of the payer outcome catalogue, typed on the
 * page of a phone-sized screen (360×740). One tab, loaded again for each test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { FAILURE_REASONS, PAYER_OUTCOMES, catalogueNumber, type PayerOutcome } from '../../src/domain/payer-outcomes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabPerTest } from '../support/browser-tab.ts';
import { closeServer } from '../support/console-driver.ts';
import { CLIENT, createTestApp, type TestApp } from '../support/test-app.ts';
import { startReceiver, until, type Receiver } from '../support/webhook-receiver.ts';

const openTab = tabPerTest();
let server: Server;
let hooks: Receiver;
let t: TestApp;
let base: string;

beforeAll(async () => {
  [hooks, t] = await Promise.all([startReceiver(), createTestApp()]);
  server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await hooks?.close();
  await closeServer(server);
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

    const page = await openTab();
    await page.goto(checkout);
    expect(await page.getByTestId('amount').textContent()).toBe('750,00\u00a0MZN');
    expect(await page.getByTestId('status').getAttribute('data-status')).toBe('PENDING');
    await page.getByTestId('wallet-mpesa').check();
    await page.getByTestId('phone').fill('+258 84 123 4567');
    await page.getByTestId('pay').click();
    await page.getByTestId('prompt').waitFor();
    expect(await page.getByTestId('prompt').innerText()).toContain('Confirme o pagamento no seu telemóvel');
    expect(await page.getByTestId('prompt-phone').textContent()).toBe('+258 84 123 4567');
    expect(await page.getByTestId('status').getAttribute('data-status')).toBe('PENDING');
    // The payer answers 10 s of mock time later; the page refreshes itself (no script) and shows the outcome.
    expect((await call('POST', '/__admin/clock/advance', { seconds: 10 })).status).toBe(200);
    await page.getByTestId('outcome').waitFor({ timeout: 10_000 });

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
  });
});

const PHONE = { width: 360, height: 740 };

/** Mock-clock seconds before a row's outcome shows on the page (the default scenario's payer times). */
function dueAfter(outcome: PayerOutcome): number {
  return { answer: 10, expiry: 60, slow: 600, never: 600 }[outcome.timing];
}

/** The page fits the phone's width: nothing scrolls sideways. */
async function scrollWidth(page: Page): Promise<number> {
  // The prompt page refreshes itself (a meta refresh, no script): on a loaded machine that can land between two
  // steps of a test, and a read of the page then meets the next one while it loads; read it again once it has.
  for (let attempt = 1; ; attempt += 1) {
    try {
      // Run in the page, where `document` exists (the test's tsconfig has no DOM library).
      return (await page.evaluate('document.documentElement.scrollWidth')) as number;
    } catch (error) {
      if (attempt === 3 || !String(error).includes('Execution context was destroyed')) throw error;
      await page.waitForLoadState('load');
    }
  }
}

describe('payer outcomes on the checkout page, on a 360-pixel phone', () => {
  // One token for the rows (a client holds at most 5); the clock moves 22 minutes in all, within its hour.
  let issued: string | undefined;
  const tokenOnce = async () => (issued ??= (await call('POST', '/v1/auth/token', CLIENT)).body.data.access_token as string);

  it('the form fits 360 px, the phone is prefilled, the placeholder is a hint and the secondary buttons share one height', async () => {
    const token = await tokenOnce();
    const customer = { name: 'Ana Maria Machava dos Santos', phone: '258851234567' };
    const placed = await call('POST', '/v1/orders', { customer, items: [{ name: 'Capulana tradicional de algodão estampada à mão', price: 1350.5, quantity: 12 }], shippingCost: 150 }, token);
    const page = await openTab(PHONE);
    await page.goto((placed.body.data as { checkout: string }).checkout);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await page.getByTestId('phone').inputValue()).toBe('+258 85 123 4567');
    expect(await page.getByTestId('phone').getAttribute('placeholder')).toMatch(/^ex\.: /);
    expect(await page.getByTestId('wallet-mpesa').isChecked()).toBe(true);
    const [fail, cancel] = await Promise.all([page.getByTestId('fail').boundingBox(), page.getByTestId('cancel').boundingBox()]);
    expect(fail?.height).toBeGreaterThan(0);
    expect(fail?.height).toBe(cancel?.height);
    expect((fail?.x ?? 0) + (fail?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect((cancel?.x ?? 0) + (cancel?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  });

  it.each(PAYER_OUTCOMES.map((outcome) => [outcome.suffix, outcome.name, outcome] as const))(
    '%s %s: typed on the page, the prompt, the clock moves, the outcome with its reason',
    async (_suffix, _name, outcome) => {
      const token = await tokenOnce();
      const placed = await call('POST', '/v1/orders', { customer: { name: 'Ana Machava' }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] }, token);
      const { id, checkout } = placed.body.data as { id: string; checkout: string };
      const page = await openTab(PHONE);
      await page.goto(checkout);
      const wallet = outcome.suffix === '04' ? 'emola' : 'mpesa';
      const number = catalogueNumber(outcome, wallet === 'emola' ? '86' : '84');
      await page.getByTestId(`wallet-${wallet}`).check();
      await page.getByTestId('phone').fill(number);
      await page.getByTestId('pay').click();
      await page.getByTestId('prompt').waitFor();
      expect(await page.getByTestId('prompt-phone').textContent()).toBe(number);
      expect(await page.getByTestId('prompt-countdown').textContent()).toBe('1:00');
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

      expect((await call('POST', '/__admin/clock/advance', { seconds: dueAfter(outcome) - 1 })).status).toBe(200);
      await page.reload();
      expect(await page.getByTestId('status').getAttribute('data-status')).toBe('PENDING');
      expect((await call('POST', '/__admin/clock/advance', { seconds: 1 })).status).toBe(200);
      await page.reload();
      const status = (await call('GET', `/v1/orders/${id}/status`, undefined, token)).body.data as { status: string; payment: { failureReason?: object } };
      if (outcome.status === undefined) {
        expect(await page.getByTestId('prompt').count()).toBe(1);
        expect(status.status).toBe('PENDING');
        return;
      }
      await page.getByTestId('outcome').waitFor();
      expect(await page.getByTestId('status').getAttribute('data-status')).toBe(outcome.status);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
      expect(status.status).toBe(outcome.status);
      if (outcome.reason) {
        const entry = FAILURE_REASONS[outcome.reason];
        expect(await page.getByTestId('failure-reason').getAttribute('data-code')).toBe(outcome.reason);
        expect(await page.getByTestId('failure-reason').innerText()).toContain(entry.message);
        const providerCode = wallet === 'mpesa' ? entry.mpesaCode : undefined;
        expect(status.payment.failureReason).toEqual({ code: outcome.reason, ...(providerCode && { providerCode }), message: entry.message });
      } else {
        expect(await page.getByTestId('failure-reason').count()).toBe(0);
      }
      },
  );
});
