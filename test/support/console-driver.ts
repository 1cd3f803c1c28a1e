/** Driving the QA console as a tester does: click, and read the outcome it reports in its message line. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { tabPerTest } from './browser-tab.ts';
import type { ConfigInput } from '../../src/platform/config.ts';
import type { AppOptions } from '../../src/server/create-app.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A fresh in-process mock on a free loopback port (answers checked against the documents), the console open on it in `page`. */
export async function openConsole(page: Page, config: ConfigInput = {}, options: Omit<AppOptions, 'router'> = {}): Promise<{ t: TestApp; page: Page; server: Server }> {
  const t = await createTestApp(config, options);
  const server = createServer(t.app);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/__admin/ui`);
  // The first refresh has run when the client list is filled (not without the admin token, where one is needed).
  if (!config.adminToken) await page.locator('[data-testid="client-select"] option[value="mock-client"]').waitFor({ state: 'attached' });
  return { t, page, server };
}

/**
 * Closes a test's mock and every connection to it: the shared tab's browser keeps its connections open after the
 * tab moved on (they would hold `close` until they time out).
 */
export function closeServer(server: Server | undefined): Promise<unknown> {
  return new Promise((done) => {
    if (!server) return done(undefined);
    server.close(done);
    server.closeAllConnections();
  });
}

/** The console's views (src/pages/console/router.js), each at `#/name`. */
export type ConsoleView = 'overview' | 'clients' | 'clock' | 'phone' | 'records' | 'webhooks' | 'journal' | 'coverage' | 'audit' | 'state' | 'tenants';

/** Opens a view by its address, as a pasted link does (the selected client stays), and waits until it shows. */
export async function openView(page: Page, view: ConsoleView, query = ''): Promise<void> {
  await page.evaluate(`location.hash = ${JSON.stringify(`#/${view}${query ? `?${query}` : ''}`)}`);
  await page.locator(`[data-view="${view}"]`).waitFor({ state: 'visible' });
}

/** Opens the view that holds this element when another view shows: a tester goes where the button is. */
export async function reveal(page: Page, target: Locator): Promise<void> {
  // The suite's TypeScript has no DOM types: the little of the element used here, typed by hand.
  const view = await target.evaluate((node: { closest(selector: string): { dataset: Record<string, string | undefined> } | null }) => node.closest('[data-view]')?.dataset['view'] ?? '');
  if (view && view !== 'story' && !(await page.locator(`[data-view="${view}"]`).isVisible())) await openView(page, view as ConsoleView);
}

/**
 * Clicks the element with that test id (the first, inside `within`; its view opened first), waits for the
 * console's next message and returns it; it must match `outcome`.
 */
export async function click(page: Page, testid: string, outcome: string | RegExp, within: Locator | Page = page): Promise<string> {
  const message = page.getByTestId('message');
  const before = await message.getAttribute('data-seq');
  const target = within.getByTestId(testid).first();
  await reveal(page, target);
  await target.click();
  // A scenario may hold an answer back for up to 2 s (flaky-network).
  await expect.poll(() => message.getAttribute('data-seq'), { timeout: 5000 }).not.toBe(before);
  const text = (await message.textContent()) ?? '';
  expect(text).toMatch(outcome);
  return text;
}

/** Sends the send panel's call (after choosing a preset); its status, and its error code when it failed. */
export async function send(page: Page, preset?: string): Promise<string> {
  if (preset) {
    await reveal(page, page.getByTestId('send-preset'));
    await page.getByTestId('send-preset').selectOption(preset);
  }
  return (await click(page, 'send-submit', /^(GET|POST) \/v1\/\S+: \d+/)).replace(/^\S+ \S+: /, '');
}

/** Issue token: `token …abc123`, or `refused (403 CLIENT_INATIVO)`. */
export async function issueToken(page: Page): Promise<string> {
  return (await click(page, 'send-issue-token', /^Issue token: /)).replace('Issue token: ', '');
}

export async function responseBody(page: Page): Promise<{ data?: Record<string, unknown>; error?: string }> {
  return JSON.parse((await page.getByTestId('send-response').textContent()) ?? '') as { data?: Record<string, unknown>; error?: string };
}

/**
 * A console per test, in the process's one tab (test/support/browser-tab.ts), given back blank after the test and its
 * mock closed (the page first: it polls its mock every 1.5 s, and a closed mock's page would poll on). Call at the
 * top of a file; `await open()` in a test.
 */
export function consolePerTest(): (config?: ConfigInput, options?: Omit<AppOptions, 'router'>) => Promise<{ t: TestApp; page: Page }> {
  let server: Server | undefined;
  // Registered before the tab's: vitest runs afterEach hooks in reverse (sequence.hooks 'stack'), so the page is blank
  // before its mock closes.
  afterEach(async () => {
    await closeServer(server);
    server = undefined;
  });
  const openTab = tabPerTest();
  return async (config = {}, options = {}) => {
    const opening = await openConsole(await openTab(), config, options);
    server = opening.server;
    return opening;
  };
}
