/**
 * The real CLI on a data file of 100 000 products, killed (SIGKILL) in the middle of the checkpoint its orderly
 * shutdown starts: once the snapshot's temp file holds part of the records, not as it appears. The checkpoint
 * streams the records through one buffer (src/store/snapshot.ts), so the moment falls between two of its writes.
 * After the kill the old snapshot is whole, the mock serves, every product is there and so is every order that was
 * answered 201 (they were in the journal only).
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.ts';
import { checkedFetch, startCli, type Started } from '../support/cli.ts';

const PRODUCTS = 100_000;
const FLAGS = (data: string) => ['--data', data, '--seed-data', 'none', '--rate-limit', 'off', '--token-limit-policy', 'revoke-oldest'];
const ORDER = { customer: { merchantCustomerId: 'CUST-K', name: 'Ana', phone: '+258 84 123 4567' }, items: [{ originProductId: 'SKU-K-1', name: 'Produto 1', quantity: 1, price: 100.5 }] };

let dir = '';
let running: Started | undefined;
afterEach(async () => {
  running?.child.kill('SIGKILL');
  await running?.exited;
  await rm(dir, { recursive: true, force: true });
});

async function prepare(file: string): Promise<void> {
  const store = await openStore({ file });
  const base = Date.parse('2026-01-01T00:00:00Z');
  for (let start = 0; start < PRODUCTS; start += 1000) {
    store.putMany(Array.from({ length: 1000 }, (_, k) => {
      const at = new Date(base + (start + k) * 1000).toISOString();
      return { collection: 'products' as const, record: { id: `prod_k${start + k}`, clientId: 'mock-client', name: `Produto ${start + k}`, price: 100.5, originProductId: `SKU-K-${start + k}`, createdAt: at, updatedAt: at } };
    }));
  }
  await store.commit();
  await store.close(); // a checkpoint: the snapshot holds the products, the journal is empty
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  return checkedFetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function login(base: string): Promise<string> {
  const answer = await call(base, 'POST', '/v1/auth/token', undefined, { client_id: 'mock-client', client_secret: 'mock-secret' });
  return (answer.body as { data: { access_token: string } }).data.access_token;
}

/** Polls the temp file every 2 ms; SIGKILL once it holds more than `fromBytes` (and is still there: not renamed). */
async function killMidway(server: Started, temp: string, fromBytes: number): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const size = await stat(temp).then((found) => found.size, () => -1);
    if (size > fromBytes) {
      server.child.kill('SIGKILL');
      return size;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error('the shutdown checkpoint never wrote its temp file past the mark');
}

describe('killed in the middle of a large checkpoint', () => {
  it('keeps all 100 000 products and every acknowledged order', async () => {
    dir = await mkdtemp(join(tmpdir(), 'commerce-mock-crash-large-'));
    const data = join(dir, 'db.json');
    await prepare(data);
    const snapshot = (await stat(data)).size;

    running = await startCli(FLAGS(data), 30_000);
    const token = await login(running.baseUrl);
    const orders: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const placed = await call(running.baseUrl, 'POST', '/v1/orders', token, ORDER);
      expect(placed.status).toBe(201);
      orders.push((placed.body as { data: { id: string } }).data.id);
    }

    const temp = join(dir, '.db.json.tmp');
    running.child.kill('SIGTERM');
    const written = await killMidway(running, temp, snapshot / 4);
    await running.exited;
    running = undefined;
    expect(written, 'killed with part of the snapshot written').toBeLessThan(snapshot);
    expect(await stat(temp).then(() => true, () => false), 'the temp file was never renamed over the snapshot').toBe(true);
    expect((await stat(data)).size, 'the old snapshot is untouched').toBe(snapshot);
    expect(JSON.parse(await readFile(data, 'utf8'))).toHaveProperty('collections.products.prod_k99999');

    running = await startCli(FLAGS(data), 30_000);
    const again = await login(running.baseUrl);
    const listed = await call(running.baseUrl, 'GET', '/v1/products?limit=1', again);
    expect((listed.body as { pagination: { total: number } }).pagination.total).toBe(PRODUCTS); // the orders' product is SKU-K-1's
    for (const id of orders) expect((await call(running.baseUrl, 'GET', `/v1/orders/${id}`, again)).status).toBe(200);
    for (const id of ['prod_k0', 'prod_k50000', 'prod_k99999']) expect((await call(running.baseUrl, 'GET', `/v1/products/${id}`, again)).status).toBe(200);
  }, 120_000);
});
