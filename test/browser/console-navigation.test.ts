/**
 * The console's navigation by job, in a real browser: every view at a desktop's width (1280 px) and a phone's
 * (360 px) with data in every panel (nothing wider than the screen, the phone's header at most 64 px, the overview
 * and the coverage view within one 1280 × 800 screen); a pasted link opens the same view with the same filters and
 * client; back and forward; the menu at 360 px; the tenants view creates, switches to and deletes a tenant; an
 * order id opens its story.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ORDER_BODY } from '../support/admin-helpers.ts';
import { pay, placeOrder, WALLET_ORDER_600 } from '../support/checkout-helpers.ts';
import { click, consolePerTest, openView, type ConsoleView } from '../support/console-driver.ts';
import { bearer, tokenFor, type TestApp } from '../support/test-app.ts';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 5000 });
const openConsole = consolePerTest();
const VIEWS: ConsoleView[] = ['overview', 'clients', 'clock', 'phone', 'records', 'webhooks', 'journal', 'coverage', 'audit', 'state', 'tenants'];

/** Every panel with something in it: orders in each final status, a failing webhook, a prompt, failures, a tenant. */
async function fill(t: TestApp): Promise<void> {
  const token = await tokenFor(t);
  await t.http.put('/__admin/clients/mock-client/webhook').send({ url: `http://127.0.0.1:9/webhooks/${'segment/'.repeat(12)}end`, secret: 'whsec_console' }).expect(200);
  for (const status of ['FAILED', 'CANCELLED', 'PAID']) {
    const order = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201)).body.data as { id: string };
    await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status }).expect(200);
  }
  await t.http.get('/v1/orders').expect(401);
  await t.http.get('/v1/orders/ord_missing').set(bearer(token)).expect(404);
  await t.http.put('/__admin/clients/mock-client/wallets/%2B258841112233').send({ balance: 1000, pin: '1234' }).expect(201);
  const order = await placeOrder(t, WALLET_ORDER_600);
  await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
  await t.http.post('/__admin/clients').send({ clientId: `shop-${'x'.repeat(60)}`, clientSecret: 'segredo-longo', name: 'Loja com um nome muito comprido '.repeat(3) }).expect(201);
  await t.http.post('/__admin/tenants').send({ clientId: 'job-a', seedData: 'default', scenario: 'slow-payment' }).expect(201);
  await t.http.post('/__admin/snapshots').send({ name: 'before-the-bug' }).expect(201);
}

const measure = (page: Page) =>
  page.evaluate(`({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth,
    height: document.documentElement.scrollHeight,
    header: document.querySelector('header').getBoundingClientRect().height,
  })`) as Promise<{ scrollWidth: number; innerWidth: number; height: number; header: number }>;

describe.each([1280, 360])('every view at %i px', { timeout: 90_000 }, (width) => {
  it('fits the screen with data in every panel', async () => {
    const { t, page } = await openConsole();
    await page.setViewportSize({ width, height: 800 });
    await fill(t);
    await eventually(() => page.locator('[data-testid="client-select"] option[value="job-a"]').count()).toBe(1);
    for (const view of VIEWS) {
      await page.evaluate('delete document.body.dataset.refreshedView');
      await openView(page, view);
      // One whole refresh with the view shown (the overview and tenants refresh only then): a refresh names the view
      // shown all through it, and each view differs from the one before (the first is the one the data was filled in).
      await eventually(() => page.evaluate('document.body.dataset.refreshedView')).toBe(view);
      const size = await measure(page);
      expect(size.scrollWidth, view).toBeLessThanOrEqual(size.innerWidth);
      if (width === 360) expect(size.header, view).toBeLessThanOrEqual(64);
      if (width === 1280 && (view === 'overview' || view === 'coverage')) expect(size.height, view).toBeLessThanOrEqual(800);
    }
    await openView(page, 'overview');
    await eventually(() => page.getByTestId('overview-failure').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('overview-prompts-value').textContent()).toBe('1');
  });
});

describe('addresses, back and forward', { timeout: 60_000 }, () => {
  it('a pasted link opens the same view with the same filters and client; back and forward move between views', async () => {
    const { t, page } = await openConsole();
    await fill(t);
    const jobA = (await t.http.get('/__admin/clients/job-a/credentials').expect(200)).body.data as { clientSecret: string };
    await t.http.get('/v1/products').set(bearer(await tokenFor(t, { client_id: 'job-a', client_secret: jobA.clientSecret }))).expect(200);
    await t.http.get('/v1/products').expect(401);
    expect(await page.locator('[data-view="overview"]').isVisible()).toBe(true);

    // A tester filters the journal; the address says so.
    await openView(page, 'journal');
    await page.getByTestId('journal-status-filter').fill('401');
    await page.getByTestId('journal-status-filter').dispatchEvent('change');
    await eventually(() => page.getByTestId('journal').getByTestId('journal-status').allTextContents()).toEqual(['401', '401']);
    const link = page.url();
    expect(new URL(link).hash).toMatch(/^#\/journal\?clientId=mock-client&status=401$/);

    // The colleague opens it in a fresh tab: the same view, the same filter.
    const colleague = await page.context().browser()!.newPage();
    await colleague.goto(link);
    await colleague.locator('[data-view="journal"]').waitFor({ state: 'visible' });
    expect(await colleague.getByTestId('journal-status-filter').inputValue()).toBe('401');
    await eventually(() => colleague.getByTestId('journal').getByTestId('journal-status').allTextContents()).toEqual(['401', '401']);

    // Another client and its own journal, by the address alone.
    await colleague.goto(new URL('#/journal?clientId=job-a&clientOnly=1&method=GET', link).href);
    await eventually(() => colleague.getByTestId('client-select').inputValue()).toBe('job-a');
    expect(await colleague.getByTestId('journal-client-only').isChecked()).toBe(true);
    await eventually(() => colleague.getByTestId('journal').getByTestId('journal-client').allTextContents()).toEqual(['job-a']);
    await colleague.close();

    // Back and forward.
    await page.getByTestId('nav-records').click();
    await page.locator('[data-view="records"]').waitFor({ state: 'visible' });
    expect(await page.getByTestId('nav-records').getAttribute('aria-current')).toBe('page');
    await page.goBack();
    await page.locator('[data-view="journal"]').waitFor({ state: 'visible' });
    expect(await page.getByTestId('journal-status-filter').inputValue()).toBe('401');
    await page.goForward();
    await page.locator('[data-view="records"]').waitFor({ state: 'visible' });
  });

  it('at 360 px the views are a menu the header opens', async () => {
    const { page } = await openConsole();
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.getByTestId('nav-journal').isVisible()).toBe(false);
    await page.getByTestId('menu-toggle').click();
    await page.getByTestId('nav-journal').click();
    await page.locator('[data-view="journal"]').waitFor({ state: 'visible' });
    expect(await page.getByTestId('nav-journal').isVisible()).toBe(false);
    expect((await measure(page)).header).toBeLessThanOrEqual(64);
  });
});

describe('the tenants view', { timeout: 60_000 }, () => {
  it('creates a seeded tenant (its secret shown once), switches the console to it, and deletes it after a confirmation', async () => {
    const { t, page } = await openConsole();
    await openView(page, 'tenants');
    await eventually(() => page.getByTestId('tenant-new-scenario').locator('option').count()).toBeGreaterThan(10);
    expect(await page.getByTestId('tenants-none').isVisible()).toBe(true);
    await page.getByTestId('tenant-new-id').fill('qa-tenant');
    await page.getByTestId('tenant-new-data').selectOption('default');
    await page.getByTestId('tenant-new-scenario').selectOption('slow-payment');
    await page.getByTestId('tenant-new-clock').fill('2026-05-01T08:00:00');
    await click(page, 'tenant-create', /^Tenant created: qa-tenant, \d+ records seeded$/);
    const secret = (await t.http.get('/__admin/clients/qa-tenant/credentials').expect(200)).body.data.clientSecret as string;
    expect(await page.getByTestId('tenant-secret').textContent()).toBe(secret);
    const row = page.locator('[data-testid="tenant-row"][data-client-id="qa-tenant"]');
    await eventually(() => row.getByTestId('tenant-clock').textContent()).toBe('2026-05-01 08:00:00 frozen');
    expect(await row.getByTestId('tenant-scenario').textContent()).toBe('slow-payment');

    await row.getByTestId('tenant-switch').click();
    await page.locator('[data-view="overview"]').waitFor({ state: 'visible' });
    await eventually(() => page.getByTestId('client-select').inputValue()).toBe('qa-tenant');
    await eventually(() => page.getByTestId('overview-clock-value').textContent()).toBe('2026-05-01 08:00:00');
    expect(new URL(page.url()).hash).toBe('#/overview?clientId=qa-tenant');

    await openView(page, 'tenants');
    // Shown once: back on the view, the secret is gone.
    expect(await page.getByTestId('tenant-secret-box').isVisible()).toBe(false);
    await row.getByTestId('tenant-delete').click();
    await eventually(() => row.getByTestId('tenant-confirm-text').textContent()).toMatch(/^Delete qa-tenant and everything it owns: its records, /);
    await click(page, 'tenant-delete-confirm', /^Tenant qa-tenant deleted: \d+ records removed$/, row);
    await eventually(() => row.count()).toBe(0);
    await t.http.get('/__admin/clients/qa-tenant/clock').expect(404);
  });
});

describe('an order story', { timeout: 60_000 }, () => {
  it('opens from an order id in Records and from the search box', async () => {
    const { t, page } = await openConsole();
    const token = await tokenFor(t);
    const order = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201)).body.data as { id: string };
    await openView(page, 'records');
    const row = page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
    await row.getByTestId('order-story').click();
    await page.locator('[data-view="story"]').waitFor({ state: 'visible' });
    expect(new URL(page.url()).hash).toBe(`#/orders/${order.id}?clientId=mock-client`);
    expect(await page.getByTestId('story-title').textContent()).toBe(`Order ${order.id}`);
    const story = await t.http.get(`/__admin/orders/${order.id}/story`).expect(200);
    await eventually(() => page.getByTestId('story-entry').count()).toBe((story.body.data.entries as unknown[]).length);

    await openView(page, 'overview');
    await page.getByTestId('order-search').fill(order.id);
    await page.getByTestId('order-search-go').click();
    await page.locator('[data-view="story"]').waitFor({ state: 'visible' });
    expect(await page.getByTestId('story-title').textContent()).toBe(`Order ${order.id}`);
  });
});
