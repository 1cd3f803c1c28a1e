/**
 * A page of another site, opened in Chromium, tries the cross-site requests a browser lets any page send:
 * auto-submitted forms that create an admin client and cancel an order on its checkout page, and a no-cors `fetch`
 * that resets the mock. The browser sends them (with the page's `Origin`); the mock refuses each, and nothing
 * changes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from '../support/browser-tab.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

let browser: Browser;
let mock: Server;
let evil: Server;
let t: TestApp;
let base: string;
/** The hostile page's HTML, served at http://localhost:<port>/ (another site than http://127.0.0.1). */
let evilPage = '';
let evilBase: string;

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  [browser, t] = await Promise.all([sharedBrowser(), createTestApp()]);
  mock = createServer(t.app);
  base = `http://127.0.0.1:${await listen(mock, '127.0.0.1')}`;
  evil = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(evilPage));
  evilBase = `http://localhost:${await listen(evil, '127.0.0.1')}`;
});

afterAll(async () => {
  for (const server of [mock, evil]) await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

/** Opens the hostile page, which submits its form at once, and returns the text the browser then shows. */
async function openEvilPage(html: string): Promise<string> {
  evilPage = html;
  const page = await browser.newPage();
  try {
    const landed = page.waitForURL((url) => url.origin === base);
    await page.goto(evilBase);
    await landed;
    return await page.locator('body').innerText();
  } finally {
    await page.close();
  }
}

function autoSubmittedForm(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields).map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`);
  return `<form method="post" action="${action}">${inputs.join('')}</form><script>document.forms[0].submit()</script>`;
}

describe('a page of another site, in chromium', () => {
  it('an auto-submitted form creating an admin client is refused: 403 origem_recusada, no client planted', async () => {
    const shown = await openEvilPage(autoSubmittedForm(`${base}/__admin/clients`, { clientId: 'planted', clientSecret: 'planted-secret' }));
    expect(shown).toContain('"error":"origem_recusada"');
    expect(t.deps.clients.find('planted')).toBeUndefined();
  });

  it('an auto-submitted cancel on a checkout page is refused, even with the page’s token: the order stays PENDING', async () => {
    const token = await tokenFor(t);
    const placed = await t.http.post('/v1/orders').set(bearer(token)).send({ customer: { name: 'Ana' }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] }).expect(201);
    const { id } = placed.body.data as { id: string };
    const page = (await t.http.get(`/checkout/${id}`).expect(200)).text;
    const pageToken = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const shown = await openEvilPage(autoSubmittedForm(`${base}/checkout/${id}`, { token: pageToken, action: 'cancel' }));
    expect(shown).toContain('recusada');
    expect((await t.http.get(`/v1/orders/${id}`).set(bearer(token)).expect(200)).body.data.status).toBe('PENDING');
  });

  it('a no-cors fetch resetting the mock is refused: the records stay', async () => {
    const token = await tokenFor(t);
    await t.http.post('/v1/products/create').set(bearer(token)).send({ name: 'Capulana', price: 350 }).expect(201);
    const before = t.store.count('products');
    const script = `<script>fetch('${base}/__admin/reset', { method: 'POST', mode: 'no-cors' }).finally(() => location.href = '${base}/__admin/clock')</script>`;
    await openEvilPage(script);
    expect(t.store.count('products')).toBe(before);
  });
});
