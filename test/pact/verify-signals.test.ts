/**
 * `verify` against a developer's mock leaves it as it found it: stopped by SIGTERM it gives the mock its state
 * back and exits 143; killed outright, the next `verify` run gives the state back before it starts.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startCli, type Started } from '../support/cli.ts';

let developer: Started;
let token = '';
let markerId = '';

async function call(path: string, method = 'GET', body?: unknown, auth = false): Promise<{ status: number; body: any }> {
  const response = await fetch(`${developer.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/** A verify run in a child process against the developer's mock, signalled once it has saved the mock's state. */
async function verifyThen(signal: NodeJS.Signals | undefined): Promise<number | null> {
  const child = spawn(process.execPath, [BIN, 'verify', '--provider-base-url', developer.baseUrl], {
    env: { ...process.env, PACT_DO_NOT_TRACK: 'true', SCARF_ANALYTICS: 'false' },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  if (signal) {
    for (let round = 0; round < 600; round += 1) {
      const saved = (await call('/__admin/snapshots')).body.data as Array<{ name: string }>;
      // Saved, and at least one interaction has reset the mock.
      if (saved.some((snapshot) => snapshot.name === 'commerce-mock-verify') && (await call(`/v1/products/${markerId}`, 'GET', undefined, true)).status !== 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill(signal);
  }
  return exited;
}

async function expectTheDevelopersState(): Promise<void> {
  expect((await call('/__admin/scenarios/active')).body.data.global).toBe('order-failed');
  expect(Date.parse((await call('/__admin/clock')).body.data.now)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  expect((await call(`/v1/products/${markerId}`, 'GET', undefined, true)).status).toBe(200);
  expect(((await call('/__admin/snapshots')).body.data as Array<{ name: string }>).map((snapshot) => snapshot.name)).not.toContain('commerce-mock-verify');
}

beforeAll(async () => {
  developer = await startCli(['--in-memory', '--rate-limit', '1000']);
  token = (await call('/v1/auth/token', 'POST', { client_id: 'mock-client', client_secret: 'mock-secret' })).body.data.access_token;
  markerId = (await call('/v1/products/create', 'POST', { name: 'Marcador do programador', price: 1 }, true)).body.data.id;
  await call('/__admin/clock/advance', 'POST', { seconds: 86_400 });
  await call('/__admin/scenarios/active', 'PUT', { name: 'order-failed' });
  // The token lives an hour of mock time: the clock moved a day, so a fresh one (its records survive).
  token = (await call('/v1/auth/token', 'POST', { client_id: 'mock-client', client_secret: 'mock-secret' })).body.data.access_token;
}, 60_000);

afterAll(() => {
  developer.child.kill('SIGTERM');
  return developer.exited;
});

describe("verify and a developer's mock", () => {
  it('SIGTERM in the middle of a run: exit 143, the mock has its records, clock and scenario back', async () => {
    expect(await verifyThen('SIGTERM')).toBe(143);
    await expectTheDevelopersState();
  }, 120_000);

  it('SIGINT: exit 130, the same', async () => {
    expect(await verifyThen('SIGINT')).toBe(130);
    await expectTheDevelopersState();
  }, 120_000);

  it('SIGKILL in the middle: the next verify run gives the mock its state back before it starts', async () => {
    await verifyThen('SIGKILL');
    const code = await verifyThen(undefined);
    expect([0, 1]).toContain(code);
    await expectTheDevelopersState();
  }, 240_000);
});
