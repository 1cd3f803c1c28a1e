/**
 * Peer benchmark: npx tsx bench/peer-bench.ts [sizes…]   (default 1000 100000)   — or `npm run bench:peers`
 *
 * Prints figures and writes bench/results.md; asserts nothing. Load by autocannon, 50 connections, 127.0.0.1,
 * each run bounded (4 s). Limits: a bare node:http server and a bare Express 5 route answering the same product
 * JSON. Peer: Prism 5.14.2 (`prism mock spec/openapi.yaml`, static and `-d`). The mock (dist/, rate limit off,
 * revoke-oldest tokens) on a file store and in memory, with `size` products of one client: token issue, GET by id,
 * list (page of 20), create order (new data), status poll, batch sync of 500. CPU per request is the server's
 * user+system time from /proc over the run, divided by the requests it answered.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openStore } from '../src/store/index.ts';
import { HOST, request, rssMiB, spawnServer, stopServer, TOKEN_BODY, type Spawned } from './startup-support.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = process.argv.slice(2).map(Number).filter((n) => n > 0);
const CONNECTIONS = 50;
const SECONDS = 4;
const PRODUCT = { data: { id: 'prod_bench', name: 'Capulana', price: 350, currency: 'MZN', createdAt: '2026-03-02T10:00:00.000Z' } };

interface Result { target: string; op: string; rps: number; p50: number; p99: number; cpuUs: number; non2xx: number }
const results: Result[] = [];

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, HOST, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** The process's user + system CPU time, in clock ticks (100 per second), from /proc/<pid>/stat. */
function cpuTicks(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

async function load(target: string, op: string, server: Spawned, path: string, options: { method?: string; body?: unknown; token?: string } = {}): Promise<void> {
  const before = cpuTicks(server.child.pid);
  const run = await autocannon({
    url: `http://${HOST}:${server.port}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: (options.method ?? 'GET') as 'GET',
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const answered = run.requests.total;
  const cpuUs = answered > 0 ? ((cpuTicks(server.child.pid) - before) * 10_000) / answered : 0;
  results.push({ target, op, rps: run.requests.average, p50: run.latency.p50, p99: run.latency.p99, cpuUs, non2xx: run.non2xx + run.errors });
}

const bareHttp = `require('http').createServer((q, s) => { s.writeHead(200, {'content-type': 'application/json'}); s.end(${JSON.stringify(JSON.stringify(PRODUCT))}); }).listen(0, '${HOST}', function () { console.log('listening on http://${HOST}:' + this.address().port); });`;
const bareExpress = `const app = require('express')(); app.get('/v1/products/:id', (q, s) => s.json(${JSON.stringify(PRODUCT)})); const srv = app.listen(0, '${HOST}', () => console.log('listening on http://${HOST}:' + srv.address().port));`;

async function limitsAndPrism(): Promise<void> {
  for (const [target, script] of [['bare node:http', bareHttp], ['bare Express 5', bareExpress]] as const) {
    const server = await spawnServer(['-e', script], ROOT);
    await load(target, 'GET by id', server, '/v1/products/prod_bench');
    await stopServer(server.child);
  }
  const prism = join(ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
  for (const [target, extra] of [['Prism static', []], ['Prism -d', ['-d']]] as const) {
    const port = await freePort();
    const server = await spawnServer([prism, 'mock', join(ROOT, 'spec', 'openapi.yaml'), '-h', HOST, '-p', String(port), ...extra], ROOT);
    await load(target, 'GET by id', server, '/products/prod_8f3K2m9QxL', { token: 'x' });
    await stopServer(server.child);
  }
}

async function prepare(file: string, size: number): Promise<string> {
  const store = await openStore({ file });
  const base = Date.parse('2026-01-01T00:00:00Z');
  for (let start = 0; start < size; start += 1000) {
    store.putMany(Array.from({ length: Math.min(1000, size - start) }, (_, k) => {
      const at = new Date(base + (start + k) * 1000).toISOString();
      return { collection: 'products' as const, record: { id: `prod_bench${start + k}`, clientId: 'mock-client', name: `Produto ${start + k}`, price: 100.5, originProductId: `SKU-B-${start + k}`, createdAt: at, updatedAt: at } };
    }));
  }
  await store.close();
  return 'prod_bench0';
}

async function mock(size: number, inMemory: boolean, dir: string): Promise<void> {
  const file = join(dir, `db-${size}.json`);
  const productId = await prepare(file, size);
  // An in-memory mock starts empty: it gets its records through the batch endpoint below.
  const storeFlags = inMemory ? ['--in-memory', '--seed-data', 'none'] : ['--data', file, '--seed-data', 'none'];
  const server = await spawnServer([join(ROOT, 'bin', 'commerce-mock.js'), 'start', '--port', '0', '--rate-limit', 'off', '--token-limit-policy', 'revoke-oldest', '--log-level', 'error', ...storeFlags], ROOT);
  const target = `mock ${inMemory ? 'in memory' : 'file'}, ${size}`;
  const token = (JSON.parse((await request(server.port, 'POST', '/v1/auth/token', { body: TOKEN_BODY })).body) as { data: { access_token: string } }).data.access_token;
  if (inMemory) {
    for (let start = 0; start < size; start += 500) {
      const products = Array.from({ length: Math.min(500, size - start) }, (_, k) => ({ originProductId: `SKU-B-${start + k}`, name: `Produto ${start + k}`, price: 100.5 }));
      await request(server.port, 'POST', '/v1/products/sync/batch', { token, body: { products } });
    }
  }
  const idOf = inMemory ? (JSON.parse((await request(server.port, 'GET', '/v1/products?limit=1', { token })).body) as { data: Array<{ id: string }> }).data[0]?.id ?? productId : productId;
  const order = { customer: { merchantCustomerId: 'CUST-B', name: 'Ana', phone: '+258 84 123 4567' }, items: [{ originProductId: 'SKU-B-1', name: 'Produto 1', quantity: 2, price: 100.5 }] };
  const placed = JSON.parse((await request(server.port, 'POST', '/v1/orders', { token, body: order })).body) as { data: { id: string } };
  const batch = { products: Array.from({ length: 500 }, (_, k) => ({ originProductId: `SKU-BATCH-${k}`, name: `Lote ${k}`, price: 9.99 })) };
  await load(target, 'GET by id', server, `/v1/products/${idOf}`, { token });
  await load(target, 'list, page of 20', server, '/v1/products', { token });
  await load(target, 'create order', server, '/v1/orders', { method: 'POST', body: order, token });
  await load(target, 'status poll', server, `/v1/orders/${placed.data.id}/status`, { token });
  await load(target, 'batch sync of 500', server, '/v1/products/sync/batch', { method: 'POST', body: batch, token });
  // Last: thousands of issues under revoke-oldest revoke the token the other runs use.
  await load(target, 'token issue', server, '/v1/auth/token', { method: 'POST', body: TOKEN_BODY });
  results.push({ target, op: `RSS after: ${rssMiB(server.child.pid).toFixed(0)} MiB`, rps: 0, p50: 0, p99: 0, cpuUs: 0, non2xx: 0 });
  await stopServer(server.child);
}

function report(): string {
  const express = results.find((r) => r.target === 'bare Express 5')?.rps ?? Number.NaN;
  const prism = results.find((r) => r.target === 'Prism static')?.rps ?? Number.NaN;
  const rows = results.map((r) =>
    r.rps === 0
      ? `| ${r.target} | ${r.op} | | | | | | | |`
      : `| ${r.target} | ${r.op} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpuUs.toFixed(0)} | ${r.op === 'GET by id' ? (r.rps / express).toFixed(2) : ''} | ${r.op === 'GET by id' ? (r.rps / prism).toFixed(2) : ''} | ${r.non2xx} |`,
  );
  return [
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${CONNECTIONS} connections, ${SECONDS} s per run, 127.0.0.1.`,
    '',
    '| target | operation | req/s | p50 ms | p99 ms | CPU µs/req | × Express | × Prism static | non-2xx |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|',
    ...rows,
  ].join('\n');
}

const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-peers-'));
try {
  await limitsAndPrism();
  for (const size of SIZES.length > 0 ? SIZES : [1000, 100_000]) {
    await mock(size, false, dir);
    await mock(size, true, dir);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
const text = report();
process.stdout.write(`${text}\n`);
await writeFile(join(ROOT, 'bench', 'results.md'), `# Peer benchmark (\`npm run bench:peers\`)\n\n${text}\n`);
