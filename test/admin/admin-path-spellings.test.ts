/**
 * Every spelling of a mock's admin API path (letter case, trailing slash, percent-encoding, `//`) is the admin
 * API's for the router and for the webhook URL guard alike (one rule, domain/admin-path.ts). A spelling with dot
 * segments is one the guard still counts as the admin API's (a sender's URL parser resolves them before sending),
 * while the router refuses it (404) rather than resolve it. Refused as a webhook URL through the admin API (400,
 * nothing stored) and in a config file (exit 2); and with two mocks, no delivery of mock A reaches mock B's admin API.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { adminPathOf } from '../../src/domain/admin-path.ts';
import { startCheckedMock, call, tokenFor, placeOrder } from '../support/mock-helpers.ts';
import { runCli } from '../support/cli.ts';
import { createTestApp } from '../support/test-app.ts';

const REFUSAL = 'a API de administração de um mock não recebe webhooks';

/** Spellings of `/__admin/clients/mock-client/deactivate` as a URL's path (what a webhook would be sent to). */
const SPELLINGS = [
  '/__ADMIN/clients/mock-client/deactivate',
  '/__Admin/clients/mock-client/deactivate/',
  '/__admin/clients/mock-client/deactivate/',
  '/%5F%5Fadmin/clients/mock-client/deactivate',
  '/%5f%5fAdMiN/clients/mock-client/deactivate',
  '//__admin/clients/mock-client/deactivate',
  '///__ADMIN/clients/mock-client/deactivate',
  '/x/../__admin/clients/mock-client/deactivate',
  '/x/%2e%2e/__admin/clients/mock-client/deactivate',
  '/./__admin/clients/mock-client/deactivate',
  '/__adm%69n/clients/mock-client/deactivate',
  '/__ADMIN',
  '/__admin/',
];

describe('the admin path rule', () => {
  it('reads every spelling as the admin API, and the path under it', () => {
    expect(adminPathOf('/__admin')).toBe('/');
    expect(adminPathOf('/__admin/')).toBe('/');
    expect(adminPathOf('/__ADMIN/clock')).toBe('/clock');
    expect(adminPathOf('/%5F%5Fadmin/clock')).toBe('/clock');
    expect(adminPathOf('//__admin/clock')).toBe('/clock');
    expect(adminPathOf('/v1/../__admin/reset')).toBe('/reset');
    expect(adminPathOf('/__admin/x/../clock')).toBe('/clock');
    expect(adminPathOf('/__admin/clients/a%2Fb')).toBe('/clients/a%2Fb');
    for (const other of ['/v1/orders', '/__admin_x/clock', '/__adminx', '/x/__admin/clock', '/__admin%2Fclock', '/__admin/../v1/orders', '/', '']) {
      expect(adminPathOf(other), other).toBeUndefined();
    }
  });

  it("is how the mock's router reads a path: every spelling without dot segments reaches the admin API", async () => {
    const t = await createTestApp();
    const clock = await t.http.get('/__admin/clock').expect(200);
    for (const path of ['/__ADMIN/clock', '/__admin/clock/', '/%5F%5Fadmin/clock', '//__admin/clock']) {
      const answer = await t.http.get(path);
      expect([path, answer.status, answer.body.data?.now]).toEqual([path, 200, clock.body.data.now]);
    }
  });
});

describe('a webhook URL at a mock admin API, in any spelling', () => {
  it.each(SPELLINGS)('http://127.0.0.1:9000%s → 400 naming url, nothing stored', async (path) => {
    const t = await createTestApp();
    const url = `http://127.0.0.1:9000${path}`;
    const response = await t.http.put('/__admin/clients/mock-client/webhook').send({ url, secret: 'whsec-12345678' }).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', message: `URL de webhook recusada: ${REFUSAL}`, details: [{ path: 'url', message: REFUSAL }] });
    expect(t.core.webhooks.endpoint('mock-client')).toBeUndefined();
    expect((await t.http.get('/__admin/clients').expect(200)).body.data[0].webhook).toBeUndefined();
  });

  it('a config file naming one (…/__Admin/reset, and each spelling) stops the start with exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-path-'));
    for (const path of ['/__Admin/reset', ...SPELLINGS]) {
      const file = join(dir, 'mock.json');
      writeFileSync(file, JSON.stringify({ clients: [{ clientId: 'c', clientSecret: 's', webhook: { url: `http://127.0.0.1:9000${path}`, secret: 'whsec-12345678' } }] }));
      const run = await runCli(['start', '--config', file, '--port', '0', '--in-memory'], { stopAfterMs: 5000 });
      expect([path, run.code]).toEqual([path, 2]);
      expect(run.stderr).toContain(`clients.0.webhook.url: ${REFUSAL}`);
    }
  }, 60_000);
});

describe('two mocks: A cannot drive B through its webhooks', () => {
  let a: Mock;
  let b: Mock;
  beforeAll(async () => {
    [a, b] = await Promise.all([startCheckedMock(), startCheckedMock()]);
  });
  afterAll(() => Promise.all([a.stop(), b.stop()]));

  it("B's router answers each spelling as its admin API, and refuses one with dot segments (404) rather than resolve it", async () => {
    const statusOf = (path: string) =>
      new Promise<number>((resolve, reject) =>
        request(`${b.url}${path}`, { path }, (response) => (response.resume(), resolve(response.statusCode ?? 0))).on('error', reject).end(),
      );
    for (const path of ['/__ADMIN/clock', '/%5F%5Fadmin/clock', '//__admin/clock']) expect([path, await statusOf(path)]).toEqual([path, 200]);
    for (const path of ['/x/../__admin/clock', '/__admin/./clock']) expect([path, await statusOf(path)]).toEqual([path, 404]);
  });

  it("A refuses every spelling of B's admin API as its endpoint; after A's events B's client is still active", async () => {
    for (const path of SPELLINGS) {
      const set = await fetch(`${a.url}/__admin/clients/mock-client/webhook`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: `${b.url}${path}`, secret: 'whsec-12345678' }),
      });
      expect([path, set.status, ((await set.json()) as { error: string }).error]).toEqual([path, 400, 'invalid_request']);
    }
    const orderId = await placeOrder(a, await tokenFor(a));
    const token = await tokenFor(a);
    for (let poll = 0; poll < 3; poll += 1) await call(a, 'GET', `/v1/orders/${orderId}/status`, { token });
    const deliveries = (await (await fetch(`${a.url}/__admin/webhooks/deliveries`)).json()) as { data: unknown[] };
    expect(deliveries.data).toEqual([]);
    // B's client still issues tokens: nothing deactivated it.
    expect(await tokenFor(b)).toMatch(/\S+/);
    const journal = (await (await fetch(`${b.url}/__admin/requests`)).json()) as { data: Array<{ path: string }> };
    expect(journal.data.filter((entry) => entry.path.toLowerCase().includes('deactivate'))).toEqual([]);
  });
});
