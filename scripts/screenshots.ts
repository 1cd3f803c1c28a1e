/**
 * `npm run screenshots [-- NAME…]`: the README's pictures of the mock's three pages, taken from a mock started
 * here (in process, in memory, seeded dataset, clock frozen through the admin API) by headless Debian Chromium,
 * at a fixed viewport, into docs/screenshots/NAME.png. NAME is checkout, console (the overview), console-VIEW
 * (each of the console's views, and console-story: the order's story) or docs (all by default). A page that does not answer 200 is reported with its status and the script exits 1.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { runCli } from '../src/cli/cli.ts';
import { keepOffline, launchBrowser } from '../test/support/browser.ts';

/** The little of the DOM the page-side function below touches: the project compiles without the DOM library. */
declare const document: {
  body: unknown;
  createTreeWalker(root: unknown, show: number): { nextNode(): { nodeValue: string | null } | null };
  querySelectorAll(selector: string): Iterable<{ value: string }>;
};
declare const NodeFilter: { SHOW_TEXT: number };

const OUT_DIR = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const VIEWPORT = { width: 1280, height: 800 };
/** The mock's clock and the browser's both read this instant, so no date on a page depends on the day of the run. */
const FROZEN_AT = '2026-03-02T10:00:00.000Z';
const ORDER = {
  customer: { merchantCustomerId: 'CUST-README', name: 'Ana Muianga', email: 'ana.muianga@example.co.mz', phone: '+258 84 123 4567' },
  items: [
    { originProductId: 'SKU-CAP-1', name: 'Capulana estampada', quantity: 2, price: 350 },
    { originProductId: 'SKU-CAJ-1', name: 'Caju torrado 500 g', quantity: 1, price: 180.5 },
  ],
  shippingCost: 150,
  shippingAddress: { street: 'Av. Julius Nyerere', number: '1254', city: 'Maputo', zipCode: '1100', country: 'MZ' },
};

interface Shot {
  name: string;
  path: (mock: Mock) => string;
  /** Resolves once the page shows what the picture is of. */
  ready: (page: Page) => Promise<unknown>;
}

interface Mock {
  baseUrl: string;
  orderId: string;
  /** Values that differ from run to run (the port, ids and tokens) and the stand-ins a picture shows instead. */
  standIns: Map<string, string>;
}

/** The console's views (src/pages/console/router.js), one picture each: `console-journal` is `#/journal`. */
const CONSOLE_VIEWS = ['clients', 'clock', 'phone', 'records', 'webhooks', 'journal', 'coverage', 'state', 'tenants'];
/** A view shows what its first refresh read (the console refreshes every 1.5 s). */
const consoleReady = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1600);
};

const SHOTS: Shot[] = [
  { name: 'checkout', path: (mock) => `/checkout/${mock.orderId}`, ready: (page) => page.waitForLoadState('networkidle') },
  { name: 'console', path: () => '/__admin/ui', ready: consoleReady },
  ...CONSOLE_VIEWS.map((view) => ({ name: `console-${view}`, path: () => `/__admin/ui#/${view}`, ready: consoleReady })),
  { name: 'console-story', path: (mock: Mock) => `/__admin/ui#/orders/${mock.orderId}`, ready: consoleReady },
  { name: 'docs', path: () => '/docs', ready: (page) => page.locator('.opblock').first().waitFor() },
];

async function main(names: string[]): Promise<number> {
  const unknown = names.filter((name) => !SHOTS.some((shot) => shot.name === name));
  if (unknown.length > 0) {
    process.stderr.write(`unknown page ${unknown.join(', ')}; pages: ${SHOTS.map((shot) => shot.name).join(', ')}\n`);
    return 2;
  }
  const shots = names.length === 0 ? SHOTS : SHOTS.filter((shot) => names.includes(shot.name));
  mkdirSync(OUT_DIR, { recursive: true });
  const server = await startMock();
  const browser = await launchBrowser();
  const failures: string[] = [];
  try {
    const mock = await prepare(server.baseUrl);
    for (const shot of shots) {
      const failure = await take(browser, mock, shot);
      if (failure) failures.push(failure);
      else process.stdout.write(`wrote docs/screenshots/${shot.name}.png\n`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  for (const failure of failures) process.stderr.write(`${failure}\n`);
  return failures.length === 0 ? 0 : 1;
}

/** One picture, or why there is none. */
async function take(browser: Awaited<ReturnType<typeof launchBrowser>>, mock: Mock, shot: Shot): Promise<string | undefined> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, locale: 'pt-PT', timezoneId: 'Africa/Maputo' });
  try {
    const refused = await keepOffline(context);
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date(FROZEN_AT));
    const url = `${mock.baseUrl}${shot.path(mock)}`;
    const response = await page.goto(url);
    const status = response?.status();
    if (status !== 200) return `${shot.name}: GET ${url} answered ${status ?? 'nothing'}, expected 200; no picture written`;
    await shot.ready(page);
    await showStandIns(page, mock.standIns);
    await page.screenshot({ path: `${OUT_DIR}${shot.name}.png`, animations: 'disabled', caret: 'hide' });
    if (refused.length > 0) return `${shot.name}: the page asked for other hosts (${refused.join(', ')}); picture written anyway`;
    return undefined;
  } finally {
    await context.close();
  }
}

/** The mock as `commerce-mock start` runs it, on a free port, until `stop`. */
async function startMock(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const stop = new AbortController();
  let output = '';
  let announced: (url: string) => void = () => {};
  const listening = new Promise<string>((resolve) => (announced = resolve));
  const args = ['start', '--port', '0', '--host', '127.0.0.1', '--in-memory', '--seed', '42', '--log-level', 'error'];
  const exited = runCli(['node', 'commerce-mock', ...args], {}, {
    stdout: (text) => {
      output += text;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) announced(match[1]);
    },
    stderr: (text) => process.stderr.write(text),
    stop: stop.signal,
  });
  const baseUrl = await Promise.race([listening, exited.then((code) => Promise.reject(new Error(`the mock exited with ${code}:\n${output}`)))]);
  return {
    baseUrl,
    stop: async () => {
      stop.abort('SIGTERM');
      await exited;
    },
  };
}

/** Frozen clock, a token of the default client and one order placed over the API for the checkout page. */
async function prepare(baseUrl: string): Promise<Mock> {
  await call(baseUrl, 'POST', '/__admin/clock', { set: FROZEN_AT, freeze: true });
  const issued = await call(baseUrl, 'POST', '/v1/auth/token', { client_id: 'mock-client', client_secret: 'mock-secret' });
  const { access_token: token, refresh_token: refresh } = (issued as { data: { access_token: string; refresh_token: string } }).data;
  const order = await call(baseUrl, 'POST', '/v1/orders', ORDER, token);
  const orderId = (order as { data: { id: string } }).data.id;
  const standIns = new Map([
    // The free port of this run; the picture shows the default one.
    [baseUrl, 'http://localhost:4010'],
    [orderId, standIn(orderId)],
    [token, standIn(token)],
    [refresh, standIn(refresh)],
  ]);
  return { baseUrl, orderId, standIns };
}

async function call(baseUrl: string, method: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': `req_screenshots_${path.replace(/\W+/g, '_')}`, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

/** Same prefix and length, fixed characters: the layout is the real one, the picture the same on every run. */
function standIn(value: string): string {
  const prefix = /^[a-z]+_/.exec(value)?.[0] ?? '';
  return prefix + 'X'.repeat(value.length - prefix.length);
}

/**
 * Ids and tokens are drawn from the OS at random by design (never seeded: they are secrets); shown as they are,
 * every run would change the pictures. Text and form values that hold one show its stand-in instead.
 */
async function showStandIns(page: Page, standIns: Map<string, string>): Promise<void> {
  // No named functions inside: tsx would wrap them in a helper that does not exist in the page.
  await page.evaluate((pairs) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const fields = [...document.querySelectorAll('input, textarea')];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const [value, shown] of pairs) node.nodeValue = (node.nodeValue ?? '').split(value).join(shown);
    }
    for (const field of fields) for (const [value, shown] of pairs) field.value = field.value.split(value).join(shown);
  }, [...standIns]);
}

process.exitCode = await main(process.argv.slice(2));
