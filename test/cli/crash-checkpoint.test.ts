/**
 * The real CLI on a data file, killed (SIGKILL) while it rewrites its snapshot: once during the checkpoint that a
 * full journal starts under concurrent writes, once during the checkpoint of an orderly shutdown. The moment is
 * found by watching for the snapshot's temp file (lowdb writes `.<name>.tmp`, then renames it over the snapshot).
 * After each kill the data file parses, the mock serves, and every create that was answered 2xx is there.
 *
 * The journal bound (32 MiB) cannot be lowered from the command line, so the run-time checkpoint is reached by
 * writing 32 MiB through the batch endpoint.
 */
import { watch, type FSWatcher } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHECKPOINT_BYTES } from '../../src/store/index.ts';
import { checkedFetch, startCli, type Started } from '../support/cli.ts';
import { journalBytes } from '../support/journal-file.ts';

const FLAGS = (data: string) => ['--data', data, '--seed-data', 'none', '--rate-limit', 'off', '--token-limit-policy', 'revoke-oldest'];
const CREATORS = 4;
const BULK_WRITERS = 2;
/** A batch just under the 1 MiB body limit: 400 products with 2,000-character descriptions. */
const BATCH_SIZE = 400;
const DESCRIPTION = 'Capulana de algodão estampada. '.repeat(70).slice(0, 2000);

let dir = '';
let running: Started | undefined;
let watcher: FSWatcher | undefined;
afterEach(async () => {
  watcher?.close();
  running?.child.kill('SIGKILL');
  await running?.exited;
  await rm(dir, { recursive: true, force: true });
});

type Answer = { status: number; body: { data?: unknown } };

async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const answer = await checkedFetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: answer.body as { data?: unknown } };
}

async function login(base: string): Promise<string> {
  const answer = await call(base, 'POST', '/v1/auth/token', undefined, { client_id: 'mock-client', client_secret: 'mock-secret' });
  return (answer.body.data as { access_token: string }).access_token;
}

/** The ids a server acknowledged before it was killed: products created one by one, and whole batches. */
interface Acknowledged {
  created: string[];
  batches: string[][];
}

/** SIGKILL the server as soon as its snapshot's temp file appears; resolves once it has exited. */
function killAtCheckpoint(server: Started, data: string): { killed: () => boolean; done: Promise<void> } {
  let killed = false;
  const temp = `.${data.split('/').pop()}.tmp`;
  watcher = watch(dir, (_event, name) => {
    if (name !== temp || killed) return;
    killed = true;
    server.child.kill('SIGKILL');
  });
  return { killed: () => killed, done: server.exited.then(() => watcher?.close()) };
}

/** Creates one by one (CREATORS clients) and 1 MiB batches (BULK_WRITERS clients) until `stop()` holds. */
async function writeUntil(base: string, token: string, stop: () => boolean, into: Acknowledged, tag: string): Promise<void> {
  const creator = async (index: number) => {
    for (let i = 0; !stop(); i += 1) {
      const answer = await call(base, 'POST', '/v1/products/create', token, { name: `${tag}-c${index}-${i}`, price: 1 }).catch(() => undefined);
      if (answer?.status === 201) into.created.push((answer.body.data as { id: string }).id);
    }
  };
  const bulk = async (index: number) => {
    for (let i = 0; !stop(); i += 1) {
      const products = Array.from({ length: BATCH_SIZE }, (_, k) => ({ originProductId: `${tag}-b${index}-${i}-${k}`, name: `Lote ${k}`, description: DESCRIPTION, price: 9.99 }));
      // Plain fetch: checking 400 records against the document would keep this process from seeing the temp file.
      const answer = await fetch(`${base}/v1/products/sync/batch`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ products }),
      }).catch(() => undefined);
      if (answer?.status === 200) into.batches.push(((await answer.json()) as { data: Array<{ id: string }> }).data.map((product) => product.id));
    }
  };
  await Promise.all([...Array.from({ length: CREATORS }, (_, i) => creator(i)), ...Array.from({ length: BULK_WRITERS }, (_, i) => bulk(i))]);
}

/** Whether the kill fell inside the checkpoint: the temp file was not yet renamed, or the journal not yet emptied. */
async function inCheckpoint(data: string, journalBound: number): Promise<boolean> {
  const temp = join(dir, `.${data.split('/').pop()}.tmp`);
  const tempLeft = await stat(temp).then(() => true, () => false);
  const journal = await journalBytes(`${data}.journal`);
  return tempLeft || journal >= journalBound;
}

/** The snapshot parses; a fresh server on the file serves and holds every acknowledged create. */
async function expectAllThere(data: string, acknowledged: Acknowledged): Promise<void> {
  expect(JSON.parse(await readFile(data, 'utf8')), 'the snapshot').toHaveProperty('collections');
  running = await startCli(FLAGS(data));
  const token = await login(running.baseUrl);
  const ids = [...acknowledged.created, ...acknowledged.batches.flatMap((batch) => [batch[0], batch[batch.length - 1]])];
  const missing: string[] = [];
  for (const id of ids) {
    if ((await call(running.baseUrl, 'GET', `/v1/products/${id}`, token)).status !== 200) missing.push(String(id));
  }
  expect(missing).toEqual([]);
  const list = await checkedFetch(`${running.baseUrl}/v1/products?limit=1`, { headers: { Authorization: `Bearer ${token}` } });
  const total = (list.body as { pagination: { total: number } }).pagination.total;
  expect(total).toBeGreaterThanOrEqual(acknowledged.created.length + acknowledged.batches.length * BATCH_SIZE);
}

describe('killed during a checkpoint', () => {
  it('keeps every acknowledged create when killed while the snapshot is rewritten, at run time and at shutdown', async () => {
    dir = await mkdtemp(join(tmpdir(), 'commerce-mock-crash-checkpoint-'));
    const data = join(dir, 'db.json');
    const acknowledged: Acknowledged = { created: [], batches: [] };

    // A snapshot to begin from: a few creates, then an orderly stop (which checkpoints).
    running = await startCli(FLAGS(data));
    let token = await login(running.baseUrl);
    for (let i = 0; i < 5; i += 1) acknowledged.created.push(((await call(running.baseUrl, 'POST', '/v1/products/create', token, { name: `first-${i}`, price: 1 })).body.data as { id: string }).id);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);

    // At run time: concurrent writes fill the journal past its bound, which starts a checkpoint.
    running = await startCli(FLAGS(data));
    token = await login(running.baseUrl);
    const runTime = killAtCheckpoint(running, data);
    const deadline = Date.now() + 25_000;
    await writeUntil(running.baseUrl, token, () => runTime.killed() || Date.now() > deadline, acknowledged, 'run');
    await runTime.done;
    expect(runTime.killed(), 'a checkpoint started').toBe(true);
    expect(await inCheckpoint(data, DEFAULT_CHECKPOINT_BYTES), 'killed inside the checkpoint').toBe(true);
    await expectAllThere(data, acknowledged);

    // At shutdown: one more create (in the journal only), then SIGTERM, and SIGKILL once the snapshot is being written.
    token = await login(running.baseUrl);
    acknowledged.created.push(((await call(running.baseUrl, 'POST', '/v1/products/create', token, { name: 'last', price: 1 })).body.data as { id: string }).id);
    const shutdown = killAtCheckpoint(running, data);
    running.child.kill('SIGTERM');
    await shutdown.done;
    expect(shutdown.killed(), 'the shutdown checkpoint started').toBe(true);
    expect(await inCheckpoint(data, 1), 'killed inside the checkpoint').toBe(true);
    await expectAllThere(data, acknowledged);
  }, 60_000);
});
