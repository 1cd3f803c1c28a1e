/**
 * What QA reaches for in the console, at a desktop's width (1280 px) and a phone's (360 px): a journal row opened
 * to its headers and bodies (secrets masked), the clock set to a date or moved by any amount, an order's checkout
 * page, the journal filtered, the scenario list with nothing preselected, no favicon 404 — and nothing wider than
 * the screen or than its panel.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ORDER_BODY } from '../support/admin-helpers.ts';
import { click, consolePerTest, issueToken, openView, responseBody, send, type ConsoleView } from '../support/console-driver.ts';
import { overflows } from '../support/console-overflow.ts';
import { bearer, tokenFor, type TestApp } from '../support/test-app.ts';

/** What a background refresh (every 1.5 s) shows: waited for longer than expect.poll's default second. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 5000 });

const openConsole = consolePerTest();

async function consoleAt(width: number): Promise<{ t: TestApp; page: Page }> {
  const opening = await openConsole();
  await opening.page.setViewportSize({ width, height: 800 });
  return opening;
}

describe.each([1280, 360])('the QA console at %i px', { timeout: 60_000 }, (width) => {
  it('a journal row opens to its request and response, headers and bodies, every secret shown as ***', async () => {
    const { t, page } = await consoleAt(width);
    await issueToken(page);
    expect(await send(page)).toBe('200');
    const accessToken = await tokenFor(t); // one the page never saw, to look for in what it shows
    // A parameter the document does not know: refused (400), and journaled all the same.
    await t.http.get('/v1/products').query({ access_token: accessToken }).set(bearer(accessToken)).set('X-Api-Key', 'api-key-in-header').expect(400);

    const rows = page.getByTestId('journal-row');
    await eventually(() => rows.count()).toBe(4);
    // Newest first: the call made here, the token it used, the console's list call, the console's token request.
    await click(page, 'journal-open', /^Request \S+ opened$/, rows.nth(3));
    const detail = page.getByTestId('journal-detail');
    expect(await detail.getByTestId('journal-detail-title').textContent()).toBe('POST /v1/auth/token → 200');
    const sentBody = JSON.parse((await detail.getByTestId('journal-request-body').textContent()) ?? '') as Record<string, unknown>;
    expect(sentBody).toEqual({ client_id: 'mock-client', client_secret: '***' });
    const answered = JSON.parse((await detail.getByTestId('journal-response-body').textContent()) ?? '') as { data: Record<string, unknown> };
    expect(answered.data).toMatchObject({ access_token: '***', refresh_token: '***', token_type: 'Bearer' });
    expect(await detail.getByTestId('journal-response-headers').textContent()).toContain('Content-Type: application/json; charset=utf-8');
    await eventually(() => rows.nth(3).getAttribute('class')).toContain('open');

    await click(page, 'journal-open', /opened$/, rows.first());
    expect(await detail.getByTestId('journal-detail-title').textContent()).toBe('GET /v1/products?access_token=*** → 400 invalid_request');
    const headers = (await detail.getByTestId('journal-request-headers').textContent()) ?? '';
    expect(headers).toContain('authorization: Bearer ***');
    expect(headers).toContain('x-api-key: ***');
    expect(await detail.getByTestId('journal-request-body').textContent()).toBe('(no body)');
    const shown = (await detail.textContent()) ?? '';
    for (const secret of ['mock-secret', accessToken, 'api-key-in-header']) expect(shown).not.toContain(secret);
    expect(await overflows(page)).toEqual([]);

    await page.getByTestId('journal-detail-close').click();
    expect(await detail.isHidden()).toBe(true);
  });

  it('the clock is set to a date and time (UTC), then moved by 90 minutes and by 2 days', async () => {
    const { t, page } = await consoleAt(width);
    await openView(page, 'clock');
    await eventually(() => page.getByTestId('clock-set-at').inputValue()).toBe('2026-03-02T10:00');
    await page.getByTestId('clock-set-at').fill('2026-04-01T12:30:00');
    await click(page, 'clock-set-submit', 'Clock set: 2026-04-01 12:30:00');
    // The panels refresh right after the message.
    await eventually(() => page.getByTestId('clock-now').textContent()).toBe('2026-04-01 12:30:00');

    await page.getByTestId('clock-advance-amount').fill('90');
    await page.getByTestId('clock-advance-unit').selectOption('minutes');
    await click(page, 'clock-advance-submit', 'Clock +90 minutes: 2026-04-01 14:00:00');
    await page.getByTestId('clock-advance-amount').fill('2');
    await page.getByTestId('clock-advance-unit').selectOption('days');
    await click(page, 'clock-advance-submit', 'Clock +2 days: 2026-04-03 14:00:00');
    expect((await t.http.get('/__admin/clock').expect(200)).body.data).toMatchObject({ now: '2026-04-03T14:00:00.000Z', frozen: true });
    expect(await overflows(page)).toEqual([]);
  });

  it('an order’s checkout link opens its checkout page, the one the API’s checkout link names', async () => {
    const { page } = await consoleAt(width);
    await issueToken(page);
    expect(await send(page, 'place-order')).toBe('201');
    const placed = (await responseBody(page)) as { data?: { orderId?: string; checkout?: string } };
    const orderId = placed.data?.orderId ?? '';
    const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
    await eventually(() => row.getByTestId('order-status').textContent()).toBe('PENDING');

    await openView(page, 'records');
    const link = row.getByTestId('order-checkout');
    expect(await link.getAttribute('href')).toBe(new URL(placed.data?.checkout ?? '').pathname);
    const [checkout] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await checkout.waitForLoadState();
    expect(new URL(checkout.url()).pathname).toBe(`/checkout/${orderId}`);
    expect(await checkout.getByTestId('status').getAttribute('data-status')).toBe('PENDING');
    expect(await checkout.getByTestId('pay-form').count()).toBe(1);
    await checkout.close();
  });

  it('the journal is filtered by status, method and path; a pattern the admin API refuses is said beside the filters', async () => {
    const { t, page } = await consoleAt(width);
    const token = await tokenFor(t);
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    await t.http.get('/v1/products').expect(401);
    await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201);
    await t.http.get('/api/v1/orders/ord_missing').set(bearer(token)).expect(404);
    const rows = page.getByTestId('journal-row');
    await eventually(() => rows.count()).toBe(5);
    const column = (testid: string) => page.getByTestId('journal').getByTestId(testid).allTextContents();
    await openView(page, 'journal');

    await page.getByTestId('journal-status-filter').fill('401');
    await page.getByTestId('journal-status-filter').dispatchEvent('change');
    await eventually(() => column('journal-status')).toEqual(['401']);
    expect(await page.getByTestId('journal-total').textContent()).toBe('(1)');

    await page.getByTestId('journal-status-filter').fill('');
    await page.getByTestId('journal-method-filter').selectOption('POST');
    await eventually(() => column('journal-path')).toEqual(['/v1/orders', '/v1/auth/token']);

    await page.getByTestId('journal-method-filter').selectOption('');
    await page.getByTestId('journal-path-filter').fill('/v1/orders/**');
    await page.getByTestId('journal-path-filter').dispatchEvent('change');
    await eventually(() => column('journal-path')).toEqual(['/api/v1/orders/ord_missing', '/v1/orders']);

    await page.getByTestId('journal-path-filter').fill('orders');
    await page.getByTestId('journal-path-filter').dispatchEvent('change');
    await eventually(() => page.getByTestId('journal-filter-problem').textContent()).toMatch(/^path: /);
    expect(await rows.count()).toBe(0);
    expect(await page.getByTestId('message').getAttribute('data-kind')).not.toBe('offline');
    expect(await overflows(page)).toEqual([]);
  });

  it('nothing overflows with every panel full: long ids, failure reasons, webhook errors, an opened entry', async () => {
    const { t, page } = await consoleAt(width);
    const token = await tokenFor(t);
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: `http://127.0.0.1:9/webhooks/${'segment/'.repeat(12)}end`, secret: 'whsec_console' }).expect(200);
    for (const status of ['FAILED', 'CANCELLED', 'PAID']) {
      const order = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201)).body.data as { id: string };
      await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status }).expect(200);
    }
    await t.http.post('/__admin/clock/advance').send({ seconds: 3600 }).expect(200);
    await t.http.post('/__admin/clients').send({ clientId: `shop-${'x'.repeat(60)}`, clientSecret: 'segredo-longo', name: 'Loja com um nome muito comprido '.repeat(3) }).expect(201);

    await eventually(() => page.getByTestId('payment-row').count()).toBe(3);
    // The failed and the cancelled payment each show their reason.
    await eventually(async () => (await page.getByTestId('payment-reason').allTextContents()).filter(Boolean).length).toBe(2);
    await eventually(() => page.getByTestId('delivery-row').count()).toBeGreaterThan(0);
    await click(page, 'journal-open', /opened$/, page.getByTestId('journal-row').nth(1));
    expect(await overflows(page)).toEqual([]);
    // Every view, with that data.
    for (const view of ['overview', 'clients', 'clock', 'phone', 'records', 'webhooks', 'coverage', 'state', 'tenants'] as ConsoleView[]) {
      await openView(page, view);
      expect(await overflows(page), view).toEqual([]);
    }
    await openView(page, 'records');
    const [tableWidth, panelWidth] = (await page.evaluate(
      `(() => { const table = document.querySelector('[data-testid="payments"]'); return [table.scrollWidth, table.parentElement.clientWidth]; })()`,
    )) as [number, number];
    expect(tableWidth).toBeLessThanOrEqual(panelWidth);
  });
});

describe('the QA console on opening', { timeout: 60_000 }, () => {
  it('preselects no scenario while none is active, and activating without a choice changes nothing', async () => {
    const { t, page } = await consoleAt(1280);
    await eventually(() => page.getByTestId('scenario-name').locator('option').count()).toBeGreaterThan(10);
    expect(await page.getByTestId('scenario-name').inputValue()).toBe('');
    expect(await page.getByTestId('scenario-name').locator('option:checked').textContent()).toBe('— choose a scenario —');
    await eventually(() => page.getByTestId('scenario-global').textContent()).toBe('none (default)');
    await click(page, 'scenario-activate', 'Activate failed: choose a scenario first');
    expect((await t.http.get('/__admin/scenarios/active').expect(200)).body.data.global).toBeNull();
  });

  it('shows the scenario active globally as the one chosen', async () => {
    const { page } = await consoleAt(1280);
    await click(page, 'scenario-activate', /failed/);
    await page.getByTestId('scenario-name').selectOption('slow-payment');
    await click(page, 'scenario-activate', 'Scenario slow-payment activated (global)');
    await page.reload();
    await eventually(() => page.getByTestId('scenario-name').inputValue()).toBe('slow-payment');
  });

  it('a scenario chosen while the console is still loading stays chosen when its first refresh ends', async () => {
    const { page } = await consoleAt(1280);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first refresh waits for what is active: the tester chooses meanwhile.
    await page.route('**/__admin/scenarios/active', async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    await page.reload();
    await openView(page, 'clock');
    await eventually(() => page.getByTestId('scenario-name').locator('option').count()).toBeGreaterThan(10);
    await page.getByTestId('scenario-name').selectOption('slow-payment');
    release();
    await eventually(() => page.getByTestId('scenario-global').textContent()).toBe('none (default)');
    expect(await page.getByTestId('scenario-name').inputValue()).toBe('slow-payment');
    await page.unroute('**/__admin/scenarios/active');
  });

  it('a page view logs no /favicon.ico 404 in the journal: the console, the home page and an API URL opened in a tab', async () => {
    const { t, page } = await consoleAt(1280);
    const base = new URL(page.url()).origin;
    for (const path of ['/', '/v1/products', '/__admin/ui']) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
    }
    const journal = (await t.http.get('/__admin/requests').expect(200)).body.data as Array<{ path: string; status: number }>;
    expect(journal.map((entry) => [entry.path, entry.status])).toEqual([['/v1/products', 401]]);
  });
});
