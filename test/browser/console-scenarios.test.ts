/**
 * Every built-in scenario reproduced with console clicks only (the table of docs/scenarios.md), in one browser page against
 * an in-process mock; "Reset everything" between them.
 */
import type { Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_INS } from '../support/built-in-names.ts';
import { borrowTab, returnTab } from '../support/browser-tab.ts';
import { click, closeServer, issueToken as issue, openConsole, openView, responseBody, send as sendFrom } from '../support/console-driver.ts';

let server: Server;
let page: Page;

beforeAll(async () => {
  ({ server, page } = await openConsole(await borrowTab()));
}, 30_000);
afterAll(async () => {
  if (page) await returnTab(page);
  await closeServer(server);
});
beforeEach(async () => {
  await click(page, 'reset-all', 'Everything reset');
});

const text = (testid: string) => page.getByTestId(testid).first().textContent();

async function activate(name: string, scope = ''): Promise<void> {
  await openView(page, 'clock');
  await page.getByTestId('scenario-name').selectOption(name);
  await page.getByTestId('scenario-scope').selectOption(scope);
  await click(page, 'scenario-activate', `Scenario ${name} activated`);
}

const advance = (by: 'minute' | 'hour' | 'day') => click(page, `clock-advance-${by}`, `Clock +1 ${by}`);

const order = (id: string) => page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);

const send = (preset?: string) => sendFrom(page, preset);
const issueToken = () => issue(page);

async function placeOrder(): Promise<string> {
  await issueToken();
  expect(await send('place-order')).toBe('201');
  const id = (await responseBody(page)).data?.['orderId'] as string;
  await expect.poll(() => order(id).getByTestId('order-status').textContent()).toBe('PENDING');
  return id;
}

async function newestJournalEntry(): Promise<{ status: string | null; error: string | null; scenario: string | null }> {
  const row = page.getByTestId('journal-row').first();
  return { status: await row.getByTestId('journal-status').textContent(), error: await row.getByTestId('journal-error').textContent(), scenario: await row.getByTestId('journal-scenario').textContent() };
}

describe('every built-in scenario from the console alone', { timeout: 60_000 }, () => {
  const covered = new Set<string>();
  afterAll(() => {
    // A run of some tests only (-t) covers less: the check holds for the whole file.
    if (covered.size >= 10) expect(BUILT_INS.filter((name) => !covered.has(name))).toEqual([]);
  });

  it('default: the 3rd status poll pays the order', async () => {
    covered.add('default');
    const id = await placeOrder();
    for (const expected of ['PENDING', 'PENDING', 'PAID']) {
      await click(page, 'order-poll', /^Poll \S+: 200$/, order(id));
      expect((await responseBody(page)).data?.['status']).toBe(expected);
    }
    await expect.poll(() => order(id).getByTestId('order-status').textContent()).toBe('PAID');
  });

  it('token-expiry: a token, +1 minute, the next call is 401 TOKEN_EXPIRADO', async () => {
    covered.add('token-expiry');
    await activate('token-expiry');
    await issueToken();
    expect(await send('products')).toBe('200');
    await advance('minute');
    expect(await send()).toBe('401 TOKEN_EXPIRADO');
  });

  it('token-revoked-midway: 5 authenticated calls, the 6th is 401 TOKEN_REVOGADO', async () => {
    covered.add('token-revoked-midway');
    await activate('token-revoked-midway');
    await issueToken();
    await openView(page, 'clients');
    await page.getByTestId('send-preset').selectOption('products');
    for (let call = 1; call <= 5; call += 1) expect(await send()).toBe('200');
    expect(await send()).toBe('401 TOKEN_REVOGADO');
  });

  it('rate-limited: the 6th request of the minute (the token call counts) is 429 muitas_requisicoes', async () => {
    covered.add('rate-limited');
    await activate('rate-limited');
    await issueToken();
    await openView(page, 'clients');
    await page.getByTestId('send-preset').selectOption('products');
    for (let call = 2; call <= 5; call += 1) expect(await send()).toBe('200');
    expect(await send()).toBe('429 muitas_requisicoes');
    await advance('minute');
    expect(await send()).toBe('200');
  });

  it('burst-429: every 4th request is 429', async () => {
    covered.add('burst-429');
    await activate('burst-429');
    await issueToken();
    await openView(page, 'clients');
    await page.getByTestId('send-preset').selectOption('products');
    expect([await send(), await send(), await send()]).toEqual(['200', '200', '429 muitas_requisicoes']);
  });

  it.each([
    ['order-paid', 'PAID'],
    ['order-failed', 'FAILED'],
    ['order-cancelled', 'CANCELLED'],
  ])('%s (for the client): the first status poll moves the order to %s', async (name, status) => {
    covered.add(name);
    await activate(name, 'mock-client');
    const id = await placeOrder();
    await click(page, 'order-poll', /^Poll \S+: 200$/, order(id));
    await expect.poll(() => order(id).getByTestId('order-status').textContent()).toBe(status);
  });

  it('slow-payment: +1 hour pays the order without a poll', async () => {
    covered.add('slow-payment');
    await activate('slow-payment');
    const id = await placeOrder();
    await advance('hour');
    await expect.poll(() => order(id).getByTestId('order-status').textContent()).toBe('PAID');
  });

  it('subscription-retries-exhausted: a subscription, +1 day three times → PAST_DUE, then CANCELLED', async () => {
    covered.add('subscription-retries-exhausted');
    await activate('subscription-retries-exhausted');
    await issueToken();
    expect(await send('create-subscription')).toBe('201');
    await advance('day');
    await expect.poll(() => text('subscription-status')).toBe('PAST_DUE');
    await advance('day');
    await advance('day');
    await expect.poll(() => text('subscription-status')).toBe('CANCELLED');
    await expect.poll(() => page.locator('[data-testid="payment-status"]', { hasText: 'FAILED' }).count()).toBe(3);
    // Each failed charge shows its reason (docs/payer-outcomes.md): a scripted failure names none, so the generic one.
    await expect.poll(() => page.locator('[data-testid="payment-reason"]', { hasText: 'PAYMENT_FAILED' }).count()).toBe(3);
  });

  it('inactive-client (for the client): the token request is 403 CLIENT_INATIVO', async () => {
    covered.add('inactive-client');
    await activate('inactive-client', 'mock-client');
    expect(await issueToken()).toBe('refused (403 CLIENT_INATIVO)');
    await expect.poll(newestJournalEntry).toEqual({ status: '403', error: 'CLIENT_INATIVO', scenario: 'client:inactive-client' });
  });

  it('server-errors: a write is 500 erro_interno, a read works', async () => {
    covered.add('server-errors');
    await issueToken();
    await activate('server-errors');
    expect(await send('create-product')).toBe('500 erro_interno');
    expect(await send('products')).toBe('200');
  });

  it('flaky-network: sent again and again, some calls answer 503 or get no answer, and the journal shows them', async () => {
    covered.add('flaky-network');
    await issueToken();
    await activate('flaky-network');
    await openView(page, 'clients');
    await page.getByTestId('send-preset').selectOption('products');
    const answers: string[] = [];
    while (answers.length < 60 && answers.filter((answer) => answer !== '200').length < 2) answers.push(await send());
    expect(answers.filter((answer) => answer !== '200').every((answer) => answer === '0' || answer === '503 servico_indisponivel')).toBe(true);
    // At least as many in the journal: the browser may send a GET again on its own after a dropped connection.
    await expect.poll(() => page.locator('[data-testid="journal-status"]', { hasText: /^(dropped|503)$/ }).count()).toBeGreaterThanOrEqual(2);
  });

  async function webhookTo(url: string): Promise<void> {
    await openView(page, 'webhooks');
    await page.getByTestId('webhook-url').fill(url);
    await page.getByTestId('webhook-secret').fill('whsec_console');
    await click(page, 'webhook-set', 'Webhook of mock-client set');
  }

  it('webhooks-failing: a paid order’s delivery fails by scenario, is retried on the clock, then fails for good', async () => {
    covered.add('webhooks-failing');
    await webhookTo('http://127.0.0.1:9/webhooks');
    await activate('webhooks-failing');
    const id = await placeOrder();
    await click(page, 'order-transition-PAID', /→ PAID$/, order(id));
    await expect.poll(() => page.getByTestId('delivery-row').count()).toBeGreaterThan(0);
    // Each clock move makes the attempt then due (the running server's one-second tick does the same): 8 in all.
    for (let move = 1; move < 8; move += 1) await advance('hour');
    await expect.poll(() => page.getByTestId('delivery-status').allTextContents()).toEqual(['failed', 'failed']);
    expect(await page.getByTestId('delivery-row').first().locator('td').nth(5).textContent()).toBe('8');
    expect(await page.getByTestId('delivery-row').first().locator('td').nth(6).textContent()).toBe('failed by scenario');
  });

  it('webhooks-duplicated: each change is delivered twice with one event id; Re-send adds a delivery', async () => {
    covered.add('webhooks-duplicated');
    await webhookTo('http://127.0.0.1:9/webhooks');
    await activate('webhooks-duplicated');
    const id = await placeOrder();
    await click(page, 'order-transition-PAID', /→ PAID$/, order(id));
    await expect.poll(() => page.getByTestId('delivery-row').count()).toBe(4);
    const events = await page.getByTestId('delivery-event').allTextContents();
    expect(new Set(events).size).toBe(2);
    await click(page, 'delivery-resend', /re-sent$/);
    await expect.poll(() => page.getByTestId('delivery-row').count()).toBe(5);
  });
});
