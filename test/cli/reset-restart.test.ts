/**
 * A restart says what it kept, and `--reset` keeps nothing: after the README's slow-payment example (a scenario
 * activated, the clock moved ten minutes), a restart's banner names the scenario, the clock's offset, the records,
 * the tenants and the pending deliveries; `--reset` starts from the seeded default (no scenario, real time) with the
 * old data file moved aside under the name the banner prints. Refused: `--reset` in memory, a data path that is a
 * directory, a directory the mock may not write to (exit 2, nothing changed).
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, checkedFetch, runCli } from '../support/cli.ts';

let dir = '';
let data = '';
/** The seeded dataset's records by collection, as a fresh mock holds them. */
let seeded: Record<string, number> = {};

async function admin(baseUrl: string, path: string, method = 'GET', body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}/__admin${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/** An order of mock-client placed through the API (checked against the document): its id. */
async function placeOrder(baseUrl: string): Promise<string> {
  const token = await checkedFetch(`${baseUrl}/v1/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret' }),
  });
  const order = { customer: { merchantCustomerId: 'C-1', name: 'Ana' }, items: [{ originProductId: 'P-1', name: 'Caju', price: 250, quantity: 1 }] };
  const placed = await checkedFetch(`${baseUrl}/v1/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${(token.body as { data: { access_token: string } }).data.access_token}` },
    body: JSON.stringify(order),
  });
  return (placed.body as { data: { id: string } }).data.id;
}

async function recordCounts(baseUrl: string): Promise<Record<string, number>> {
  const state = (await admin(baseUrl, '/state')).body as { store: { collections: Record<string, object> } };
  return Object.fromEntries(Object.entries(state.store.collections).map(([name, records]) => [name, Object.keys(records).length]));
}

/** `start` on this data file, on a port the OS picks, running `during` while it listens; then stopped as by SIGTERM. */
function startOn(extra: string[], during: (baseUrl: string) => Promise<unknown> = async () => undefined) {
  return runCli(['start', '--port', '0', '--data', data, '--log-level', 'error', ...extra], { whileListening: during, stopAfterMs: 30_000 });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'commerce-mock-reset-'));
  data = join(dir, 'db.json');
  await runCli(['start', '--port', '0', '--in-memory', '--log-level', 'silent'], {
    whileListening: async (baseUrl) => (seeded = await recordCounts(baseUrl)),
  });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a restart after the slow-payment example', () => {
  it('without --reset: the state comes back, and the banner lists the scenarios, the clock offset, the counts, the tenants and the pending deliveries', async () => {
    const first = await startOn([], async (baseUrl) => {
      expect((await admin(baseUrl, '/scenarios/active', 'PUT', { name: 'slow-payment' })).status).toBe(200);
      expect((await admin(baseUrl, '/clock/advance', 'POST', { seconds: 600 })).status).toBe(200);
      // A tenant on its own frozen clock, and a delivery left pending: mock-client's webhooks fail by scenario (the
      // URL is never called; on port 2 nobody listens anyway).
      expect((await admin(baseUrl, '/tenants', 'POST', { clientId: 'job-a', clock: { frozenAt: '2026-05-01T08:00:00Z' } })).status).toBe(201);
      expect((await admin(baseUrl, '/clients/mock-client/webhook', 'PUT', { url: 'http://127.0.0.1:2/hooks', secret: 'whsec_reset_0123' })).status).toBe(200);
      expect((await admin(baseUrl, '/scenarios/active', 'PUT', { name: 'webhooks-failing', clientId: 'mock-client' })).status).toBe(200);
      const placed = await placeOrder(baseUrl);
      expect((await admin(baseUrl, `/orders/${placed}/transition`, 'POST', { status: 'PAID' })).body.data).toMatchObject({ moved: true });
      await admin(baseUrl, '/clock/run-until-idle', 'POST', {});
    });
    expect(first.code).toBe(0);
    expect(first.stdout).not.toContain('restored');

    let counts: Record<string, number> = {};
    const again = await startOn([], async (baseUrl) => {
      expect((await admin(baseUrl, '/scenarios/active')).body.data).toMatchObject({ global: 'slow-payment' });
      counts = await recordCounts(baseUrl);
    });
    expect(again.code).toBe(0);
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    const each = Object.entries(counts).filter(([, count]) => count > 0).map(([name, count]) => `${name} ${count}`);
    expect(again.stdout).toContain(`\n  restored         ${total} records (${each.join(', ')}); --reset starts afresh\n`);
    expect(again.stdout).toContain('\n  scenario         slow-payment (global), webhooks-failing (client mock-client)\n');
    expect(again.stdout).toMatch(/\n {2}clock {12}\+10 min(?: \d+ s)? from real time\n/);
    expect(again.stdout).toContain('\n  tenants          job-a (own clock: frozen at 2026-05-01T08:00:00.000Z)\n');
    expect(again.stdout).toMatch(/\n {2}deliveries {7}[1-9]\d* pending\n/);
  }, 60_000);

  it('with --reset: no scenario, real time, the seeded records only, and the old data file kept under the name the banner prints', async () => {
    const fresh = await startOn(['--reset'], async (baseUrl) => {
      expect((await admin(baseUrl, '/scenarios/active')).body.data).toMatchObject({ global: null, clients: {} });
      const clock = (await admin(baseUrl, '/clock')).body.data as { frozen: boolean; offsetMs: number; clientsWithOwnClock: string[] };
      expect(clock).toMatchObject({ frozen: false, clientsWithOwnClock: [] });
      expect(Math.abs(clock.offsetMs)).toBeLessThan(1000);
      expect(await recordCounts(baseUrl)).toEqual(seeded);
      expect((await admin(baseUrl, '/clients')).body.data.map((client: { clientId: string }) => client.clientId)).toEqual(['mock-client', 'inactive-client']);
      expect((await admin(baseUrl, '/webhooks/deliveries')).body.data).toEqual([]);
    });
    expect(fresh.code).toBe(0);
    const moved = /\n {2}reset {12}started afresh; the earlier data moved to (\S+)(?: and (\S+))?\n/.exec(fresh.stdout);
    expect(moved, fresh.stdout).not.toBeNull();
    expect(moved?.[1]).toMatch(new RegExp(`^${data.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.reset-\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z$`));
    expect(await readFile(moved?.[1] ?? '', 'utf8')).toContain('slow-payment');
    expect(fresh.stdout).not.toMatch(/restored|scenario {9}/);

    // The next plain start restores the fresh state, and says so.
    const next = await startOn([]);
    expect(next.stdout).toContain('\n  scenario         none\n');
    expect(next.stdout).toContain('\n  clock            real time\n');
    expect(next.stdout).toContain('\n  tenants          none\n');
    expect(next.stdout).toContain('\n  deliveries       none pending\n');
  }, 60_000);
});

describe('--reset and --set-aside-unreadable refused', () => {
  it.each([['--reset'], ['--set-aside-unreadable']])('%s with --in-memory: exit 2, both flags named, nothing started', async (flag) => {
    const run = await runCli(['start', '--port', '0', '--in-memory', flag]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`commerce-mock: ${flag} with --in-memory: a data file is needed: in memory every start is afresh, and there is nothing to move aside\n`);
    expect(run.stdout).toBe('');
  });

  it('a data path that is a directory: exit 2 naming it, the directory and its content as they were', async () => {
    const folder = join(dir, 'folder.json');
    await mkdir(folder);
    await writeFile(join(folder, 'keep.txt'), 'mine');
    for (const flags of [['--reset'], ['--set-aside-unreadable'], []]) {
      const run = await runCli(['start', '--port', '0', '--data', folder, ...flags]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`commerce-mock: cannot use data file ${folder}: it is a directory, not a data file; nothing was changed. Give --data the path of a file`);
      expect(run.stdout).toBe('');
    }
    expect(await readdir(folder)).toEqual(['keep.txt']);
    expect((await readdir(dir)).filter((name) => name.startsWith('folder.json'))).toEqual(['folder.json']);
  });

  it('a directory the mock may not write to: exit 2 naming the cause, the data file and its journal where they were, unchanged', async () => {
    const locked = join(dir, 'locked');
    await mkdir(locked);
    const file = join(locked, 'db.json');
    expect((await runCli(['start', '--port', '0', '--data', file, '--log-level', 'silent'], { whileListening: async () => undefined })).code).toBe(0);
    const before = Object.fromEntries(await Promise.all((await readdir(locked)).map(async (name) => [name, await readFile(join(locked, name), 'utf8')])));
    expect(Object.keys(before).sort()).toEqual(['db.json', 'db.json.journal']);
    await chmod(locked, 0o555);
    try {
      const run = await startWithoutWriteOverride(['start', '--port', '0', '--data', file, '--reset']);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^commerce-mock: cannot use data file \S+db\.json\.lock: cannot write the lock file: EACCES: permission denied.*Check that the directory of the data file exists or can be made, and that this user may write there\.\n$/);
      expect(run.stdout).toBe('');
    } finally {
      await chmod(locked, 0o755);
    }
    const after = Object.fromEntries(await Promise.all((await readdir(locked)).map(async (name) => [name, await readFile(join(locked, name), 'utf8')])));
    expect(after).toEqual(before);
    expect((await stat(file)).isFile()).toBe(true);
  }, 60_000);
});

/**
 * The built CLI in a child process that may not write to a directory mode 0555. Root may write anywhere, so under root
 * the child runs without the two capabilities that let it (`setpriv`, from util-linux, which every Debian has): it stays
 * root, so it still reads the clone wherever it lies, even in a folder only root may enter (`mktemp -d` makes 0700).
 */
function startWithoutWriteOverride(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot
    ? ['setpriv', ['--bounding-set=-dac_override,-dac_read_search', process.execPath, BIN, ...args]]
    : [process.execPath, [BIN, ...args]];
  const child = spawn(command, commandArgs, { cwd: tmpdir() });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
