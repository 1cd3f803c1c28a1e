/**
 * `verify` against a developer's mock leaves it as it found it: stopped by SIGTERM or SIGINT it gives the mock its
 * state back and exits 143 / 130 (the time from the signal to the exit is printed); killed outright (SIGKILL), the
 * state waits in verify's recovery file until the next run gives it back (a restart of the mock in between, and
 * `verify --restore`, are in test/cli/kill-at-random.test.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryFile } from '../../src/verify/target-state.ts';
import { BIN, runCli, startCli, type Started } from '../support/cli.ts';

const STOREFRONT_PACT = join(import.meta.dirname, 'fixtures', 'storefront-pact.json');
let dir = '';
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

/** A verify run in a child process against the developer's mock, signalled once it has saved and reset the mock. */
async function verifyThen(signal: NodeJS.Signals | undefined, extra: string[] = []): Promise<{ code: number | null; stopMs: number }> {
  const child = spawn(process.execPath, [BIN, 'verify', '--provider-base-url', developer.baseUrl, ...extra], {
    env: { ...process.env, PACT_DO_NOT_TRACK: 'true', SCARF_ANALYTICS: 'false' },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  if (!signal) return { code: await exited, stopMs: 0 };
  for (let round = 0; round < 1200; round += 1) {
    // Saved, and at least one interaction has reset the mock.
    if (existsSync(recoveryFile(developer.baseUrl)) && (await call(`/v1/products/${markerId}`, 'GET', undefined, true)).status !== 200) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const signalled = performance.now();
  child.kill(signal);
  const code = await exited;
  return { code, stopMs: performance.now() - signalled };
}

async function expectTheDevelopersState(): Promise<void> {
  expect((await call('/__admin/scenarios/active')).body.data.global).toBe('order-failed');
  expect(Date.parse((await call('/__admin/clock')).body.data.now)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  expect((await call(`/v1/products/${markerId}`, 'GET', undefined, true)).status).toBe(200);
  expect(existsSync(recoveryFile(developer.baseUrl))).toBe(false);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'commerce-mock-verify-signals-'));
  developer = await startCli(['--data', join(dir, 'db.json'), '--rate-limit', '1000']);
  token = (await call('/v1/auth/token', 'POST', { client_id: 'mock-client', client_secret: 'mock-secret' })).body.data.access_token;
  markerId = (await call('/v1/products/create', 'POST', { name: 'Marcador do programador', price: 1 }, true)).body.data.id;
  await call('/__admin/clock/advance', 'POST', { seconds: 86_400 });
  await call('/__admin/scenarios/active', 'PUT', { name: 'order-failed' });
  // The token lives an hour of mock time: the clock moved a day, so a fresh one (its records survive).
  token = (await call('/v1/auth/token', 'POST', { client_id: 'mock-client', client_secret: 'mock-secret' })).body.data.access_token;
}, 60_000);

afterAll(async () => {
  developer.child.kill('SIGTERM');
  await developer.exited;
  await rm(dir, { recursive: true, force: true });
});

describe("verify and a developer's mock", () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s in the middle of a run: exit %i, the mock has its records, clock and scenario back', async (signal, exitCode) => {
    const { code, stopMs } = await verifyThen(signal);
    console.log(`verify stopped by ${signal} in ${stopMs.toFixed(0)} ms (state restored)`);
    expect(code).toBe(exitCode);
    await expectTheDevelopersState();
  }, 120_000);

  it('SIGKILL, then the next run: it gives the mock its state back before it starts, and again after it', async () => {
    await verifyThen('SIGKILL');
    expect(existsSync(recoveryFile(developer.baseUrl))).toBe(true);
    const { code } = await verifyThen(undefined, ['--pact', STOREFRONT_PACT]);
    expect(code).toBe(1); // the storefront pact has one interaction that fails (a product's stock)
    await expectTheDevelopersState();
  }, 120_000);

  it('--restore without --provider-base-url is a usage error (2)', async () => {
    const refused = await runCli(['verify', '--restore']);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('--restore: needs --provider-base-url') });
  });
});
