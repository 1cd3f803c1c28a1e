/**
 * Tenants survive kill -9: after a restart every tenant is there with its credentials, its own clock where it was
 * (a frozen one at its instant, a running one at its offset), its records and tokens; a deleted tenant stays gone;
 * a configured client deactivated at run time comes back deactivated, and the banner says so.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedFetch, startCli, type Started } from '../support/cli.ts';

let dir = '';

async function plainFetch(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}
let running: Started | undefined;

afterAll(async () => {
  running?.child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

async function call(path: string, method = 'GET', body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  // The API's answers are checked against spec/openapi.yaml; the admin API's are, in process, by test/admin/tenants.test.ts.
  const send = path.startsWith('/__admin') ? plainFetch : checkedFetch;
  const answer = await send(`${running!.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: answer.body as any };
}

describe('tenants across kill -9', () => {
  it('come back with their clocks, credentials, records and tokens; a deleted one stays deleted', async () => {
    dir = await mkdtemp(join(tmpdir(), 'commerce-mock-tenants-'));
    const args = ['--data', join(dir, 'db.json'), '--seed-data', 'none'];
    running = await startCli(args);
    const a = (await call('/__admin/tenants', 'POST', { clientId: 'job-a', clock: { frozenAt: '2026-05-01T08:00:00Z' }, seedData: 'default' })).body.data;
    const b = (await call('/__admin/tenants', 'POST', { clientId: 'job-b' })).body.data;
    await call('/__admin/tenants', 'POST', { clientId: 'job-c' });
    await call('/__admin/clients/job-a/clock/advance', 'POST', { seconds: 600 });
    await call('/__admin/clients/job-b/clock/set', 'POST', { at: '2031-06-01T00:00:00Z' });
    await call('/__admin/tenants/job-c', 'DELETE');
    expect((await call('/__admin/clients/mock-client/deactivate', 'POST')).status).toBe(200);
    const tokenA = (await call('/v1/auth/token', 'POST', { client_id: 'job-a', client_secret: a.clientSecret })).body.data.access_token;
    const productsBefore = (await call('/v1/products?limit=100', 'GET', undefined, tokenA)).body.data.length;
    expect(productsBefore).toBeGreaterThan(0);

    running.child.kill('SIGKILL');
    await running.exited;
    running = await startCli(args);
    // The banner says what came back: the configured client deactivated at run time is shown so, not as configured.
    expect(running.stdout()).toMatch(/client_id=mock-client client_secret=\S+ {2}\(deactivated: CLIENT_INATIVO\)/);

    expect((await call('/__admin/clients/job-a/clock')).body.data).toMatchObject({ own: true, frozen: true, now: '2026-05-01T08:10:00.000Z' });
    const clockB = (await call('/__admin/clients/job-b/clock')).body.data;
    expect(clockB).toMatchObject({ own: true, frozen: false });
    expect(Math.abs(Date.parse(clockB.now) - Date.parse('2031-06-01T00:00:00Z'))).toBeLessThan(60_000);
    expect((await call('/__admin/clock')).body.data.clientsWithOwnClock).toEqual(['job-a', 'job-b']);
    expect((await call('/v1/products?limit=100', 'GET', undefined, tokenA)).body.data.length).toBe(productsBefore);
    expect((await call('/v1/auth/token', 'POST', { client_id: 'job-b', client_secret: b.clientSecret })).status).toBe(200);
    expect((await call('/__admin/clients/job-c/clock')).status).toBe(404);
  }, 60_000);
});
