/**
 * The docs page in a real browser: Swagger UI renders every operation of both documents from the mock alone
 * (any request to another host is refused and reported), and a user gets from "Authorize" to a 200 of a bearer
 * operation by clicking only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepOffline } from '../support/browser.ts';
import { sharedBrowser } from '../support/browser-tab.ts';
import { createTestApp } from '../support/test-app.ts';
import { adminDocument, apiDocument, renderedOperationCount } from '../support/docs-documents.ts';

const UI_TIMEOUT_MS = 15_000;

let browser: Browser;
let server: Server;
let baseUrl: string;
let context: BrowserContext;
let page: Page;
/** Requests the page tried to send anywhere but the mock. */
let elsewhere: string[];
/** Script errors, console errors and content-policy violations of the page. */
let pageProblems: string[];

beforeAll(async () => {
  browser = await sharedBrowser();
});

beforeEach(async () => {
  const t = await createTestApp();
  server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  elsewhere = await keepOffline(context);
  pageProblems = [];
  page = await context.newPage();
  page.on('pageerror', (error) => pageProblems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') pageProblems.push(`console: ${message.text()}`);
  });
});

afterEach(async () => {
  await context?.close();
  await new Promise((resolve) => server.close(resolve));
  expect(elsewhere, 'requests to hosts other than the mock').toEqual([]);
  expect(pageProblems, 'errors of the page').toEqual([]);
});

async function openDocs(): Promise<void> {
  const response = await page.goto(`${baseUrl}/docs`);
  expect(response?.status()).toBe(200);
  expect(page.url()).toBe(`${baseUrl}/docs/`);
}

async function expectOperations(count: number): Promise<void> {
  await expect.poll(() => page.locator('.opblock').count(), { timeout: UI_TIMEOUT_MS }).toBe(count);
}

/** Opens an operation, switches it to "Try it out" and executes it; the answer the browser received. */
async function tryOperation(tag: string, operationId: string, path: string) {
  const operation = page.locator(`#operations-${tag}-${operationId}`);
  await operation.locator('.opblock-summary').first().click();
  await operation.locator('button.try-out__btn').click();
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === path);
  await operation.locator('button.execute').click();
  const response = await answered;
  await expect.poll(() => operation.locator('.live-responses-table tbody .response-col_status').first().textContent(), { timeout: UI_TIMEOUT_MS }).toBe(
    String(response.status()),
  );
  return response;
}

describe('/docs in a browser', () => {
  it('renders every operation of spec/openapi.yaml, then of spec/admin.yaml after switching documents, from the mock alone', async () => {
    await openDocs();
    await expectOperations(renderedOperationCount(apiDocument()));
    await expect.poll(() => page.locator('.info .title').textContent()).toContain('Commerce and Subscription API');

    await page.locator('.topbar select').selectOption({ label: 'Admin API (spec/admin.yaml)' });
    await expectOperations(renderedOperationCount(adminDocument()));
    await expect.poll(() => page.locator('.info .title').textContent()).toContain(String((adminDocument()['info'] as { title: string }).title));
  });

  it('shows the default client under "Authorize", issues a token with it and calls a bearer operation with that token', async () => {
    await openDocs();
    await expectOperations(renderedOperationCount(apiDocument()));

    await page.locator('.auth-wrapper button.authorize').click();
    const dialog = page.locator('.modal-ux');
    await expect.poll(() => dialog.textContent(), { timeout: UI_TIMEOUT_MS }).toContain('mock-client');
    await dialog.locator('button.close-modal').click();

    const issued = await tryOperation('Auth', 'issueToken', '/v1/auth/token');
    expect(issued.status()).toBe(200);
    expect(issued.request().headers()['authorization']).toBe(`Basic ${Buffer.from('mock-client:mock-secret').toString('base64')}`);
    const token = ((await issued.json()) as { data: { access_token: string } }).data.access_token;

    const listed = await tryOperation('Products', 'listProducts', '/v1/products');
    expect(listed.status()).toBe(200);
    expect(listed.request().headers()['authorization']).toBe(`Bearer ${token}`);
    expect(((await listed.json()) as { data: unknown[] }).data).toEqual(expect.any(Array));
  });
});
