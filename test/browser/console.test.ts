/**
 * The QA console in a real browser against an in-process mock (every answer it gets is checked against the
 * documents, as in every test): what a QA tester clicks, and what the page and the APIs then show.
 */
import { describe, expect, it } from 'vitest';
import { bearer, tokenFor } from '../support/test-app.ts';
import { click, consolePerTest, issueToken, openView, responseBody, send } from '../support/console-driver.ts';

const openConsole = consolePerTest();

describe('QA console in a browser', { timeout: 60_000 }, () => {
  it('token-expiry: activated, a token issued, the clock moved by a minute → the journal shows the call failing with TOKEN_EXPIRADO', async () => {
    const { t, page } = await openConsole();
    await openView(page, 'clock');
    await page.getByTestId('scenario-name').selectOption('token-expiry');
    await click(page, 'scenario-activate', 'Scenario token-expiry activated (global)');
    await expect.poll(() => page.getByTestId('scenario-global').textContent()).toBe('token-expiry');

    expect(await issueToken(page)).toMatch(/^token …\S{6}$/);
    expect(await page.getByTestId('send-token').textContent()).toMatch(/^…\S{6} \(mock-client\)$/);
    await expect.poll(() => page.getByTestId('token-countdown').first().textContent()).toBe('30 s');
    expect(await send(page)).toBe('200');

    await click(page, 'clock-advance-minute', 'Clock +1 minute: 2026-03-02 10:01:00');
    await expect.poll(() => page.getByTestId('clock-now').textContent()).toBe('2026-03-02 10:01:00');
    await expect.poll(() => page.getByTestId('token-row').count()).toBe(0);
    expect(await send(page)).toBe('401 TOKEN_EXPIRADO');
    expect(await responseBody(page)).toMatchObject({ error: 'TOKEN_EXPIRADO' });

    const newest = page.getByTestId('journal-row').first();
    await expect.poll(() => newest.getByTestId('journal-error').textContent()).toBe('TOKEN_EXPIRADO');
    expect(await newest.getByTestId('journal-status').textContent()).toBe('401');
    expect(await newest.getByTestId('journal-path').textContent()).toBe('/v1/products');
    expect(await newest.getByTestId('journal-scenario').textContent()).toBe('global:token-expiry');
    const journal = (await t.http.get('/__admin/requests').expect(200)).body.data as Array<{ path: string; status: number; error?: string }>;
    expect(journal.map((entry) => [entry.path, entry.status, entry.error])).toEqual([
      ['/v1/products', 401, 'TOKEN_EXPIRADO'],
      ['/v1/products', 200, undefined],
      ['/v1/auth/token', 200, undefined],
    ]);
  });

  it('an order placed from the console moves to PAID with its transition button: in the page, over the admin API and the API', async () => {
    const { t, page } = await openConsole();
    await issueToken(page);
    expect(await send(page, 'place-order')).toBe('201');
    const orderId = (await responseBody(page)).data?.['orderId'] as string;

    const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
    await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('PENDING');
    await click(page, 'order-transition-PAID', `Order ${orderId} → PAID`, row);
    await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('PAID');
    expect(await row.getByTestId('order-transition-PAID').count()).toBe(0);
    await expect.poll(() => page.getByTestId('payment-status').first().textContent()).toBe('PAID');

    const listed = (await t.http.get('/__admin/clients/mock-client/orders').expect(200)).body.data as Array<{ id: string; status: string }>;
    expect(listed).toEqual([expect.objectContaining({ id: orderId, status: 'PAID' })]);
    const token = await tokenFor(t);
    expect((await t.http.get(`/v1/orders/${orderId}`).set(bearer(token)).expect(200)).body.data.status).toBe('PAID');
  });

  it('a value from the API shows as text, never as markup', async () => {
    const { t, page } = await openConsole();
    const name = '<img src=x onerror="document.title=\'owned\'">';
    await t.http.post('/__admin/clients').send({ clientId: 'shop-x', clientSecret: 'segredo-x', name }).expect(201);
    const row = page.locator('[data-testid="client-row"][data-client-id="shop-x"]');
    await expect.poll(() => row.locator('td').nth(1).textContent()).toBe(name);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.title()).not.toBe('owned');
  });

  it('off loopback, the console asks for the admin token, keeps it for the tab and then works', async () => {
    const { page } = await openConsole({ host: '0.0.0.0', adminToken: 'admin-secret-123' });
    await expect.poll(() => page.getByTestId('message').textContent()).toMatch(/^invalid_token: .*\(enter the admin token above\)$/);
    expect(await page.getByTestId('client-row').count()).toBe(0);

    await page.getByTestId('admin-token').fill('admin-secret-123');
    await click(page, 'admin-token-save', 'Admin token kept for this tab');
    await expect.poll(() => page.getByTestId('client-select').inputValue()).toBe('mock-client');
    await page.reload();
    await expect.poll(() => page.getByTestId('client-row').count()).toBe(2);
    expect(await page.getByTestId('admin-token').inputValue()).toBe('admin-secret-123');

    // Forgotten, the next refresh is refused again (its message follows "Admin token forgotten" at once).
    await page.getByTestId('admin-token-forget').click();
    expect(await page.getByTestId('admin-token').inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('message').textContent()).toMatch(/^invalid_token: /);
  });
});
