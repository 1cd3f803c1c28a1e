/**
 * The QA console in a real browser against an in-process mock (every answer it gets is checked against the
 * documents, as in every test): what a QA tester clicks, and what the page and the APIs then show.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

let browser: Browser;
let server: Server | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

/** A fresh mock on a free loopback port, and the console open on it. */
async function openConsole(): Promise<{ t: TestApp; page: Page }> {
  const t = await createTestApp();
  server = createServer(t.app);
  await new Promise<void>((ready) => server?.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/__admin/ui`);
  await expect.poll(() => page.getByTestId('client-select').inputValue()).toBe('mock-client');
  return { t, page };
}

async function sendFromConsole(page: Page): Promise<string> {
  await page.getByTestId('send-submit').click();
  await expect.poll(() => page.getByTestId('message').textContent()).toMatch(/^(GET|POST) \/v1\//);
  return (await page.getByTestId('send-status').textContent()) ?? '';
}

describe('QA console in a browser', () => {
  it('token-expiry: activated, a token issued, the clock moved by a minute → the journal shows the call failing with TOKEN_EXPIRADO', { timeout: 60_000 }, async () => {
    const { t, page } = await openConsole();
    await page.getByTestId('scenario-name').selectOption('token-expiry');
    await page.getByTestId('scenario-activate').click();
    await expect.poll(() => page.getByTestId('scenario-global').textContent()).toBe('token-expiry');

    await page.getByTestId('send-issue-token').click();
    await expect.poll(() => page.getByTestId('send-token').textContent()).toMatch(/^…\S{6} \(mock-client\)$/);
    await expect.poll(() => page.getByTestId('token-countdown').first().textContent()).toBe('30 s');
    expect(await sendFromConsole(page)).toBe('200');

    await page.getByTestId('clock-advance-minute').click();
    await expect.poll(() => page.getByTestId('clock-now').textContent()).toBe('2026-03-02 10:01:00');
    await expect.poll(() => page.getByTestId('token-row').count()).toBe(0);
    expect(await sendFromConsole(page)).toBe('401');
    expect(JSON.parse((await page.getByTestId('send-response').textContent()) ?? '')).toMatchObject({ error: 'TOKEN_EXPIRADO' });

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

  it('an order placed from the console moves to PAID with its transition button: in the page, over the admin API and the API', { timeout: 60_000 }, async () => {
    const { t, page } = await openConsole();
    await page.getByTestId('send-issue-token').click();
    await expect.poll(() => page.getByTestId('send-token').textContent()).not.toBe('none');
    await page.getByTestId('send-preset').selectOption('place-order');
    expect(await sendFromConsole(page)).toBe('201');
    const orderId = JSON.parse((await page.getByTestId('send-response').textContent()) ?? '').data.orderId as string;

    const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
    await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('PENDING');
    await row.getByTestId('order-transition-PAID').click();
    await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('PAID');
    expect(await row.getByTestId('order-transition-PAID').count()).toBe(0);
    await expect.poll(() => page.getByTestId('payment-status').first().textContent()).toBe('PAID');

    const listed = (await t.http.get('/__admin/clients/mock-client/orders').expect(200)).body.data as Array<{ id: string; status: string }>;
    expect(listed).toEqual([expect.objectContaining({ id: orderId, status: 'PAID' })]);
    const token = await tokenFor(t);
    expect((await t.http.get(`/v1/orders/${orderId}`).set(bearer(token)).expect(200)).body.data.status).toBe('PAID');
  });

  it('a value from the API shows as text, never as markup', { timeout: 60_000 }, async () => {
    const { t, page } = await openConsole();
    const name = '<img src=x onerror="document.title=\'owned\'">';
    await t.http.post('/__admin/clients').send({ clientId: 'shop-x', clientSecret: 'segredo-x', name }).expect(201);
    const row = page.locator('[data-testid="client-row"][data-client-id="shop-x"]');
    await expect.poll(() => row.locator('td').nth(1).textContent()).toBe(name);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.title()).not.toBe('owned');
  });
});
