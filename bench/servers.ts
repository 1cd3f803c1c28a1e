/**
 * The servers bench/bench.ts measures, each started as a child process on 127.0.0.1: the limits (a bare node:http
 * server and a bare Express 5 route answering the same product JSON), Prism 5 (the peer), and the mock (dist/,
 * rate limit off, revoke-oldest tokens) on a data file prepared with `size` products or in memory.
 */
import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../src/store/index.ts';
import { HOST, request, rssMiB, sleep, spawnServer, stopServer, TOKEN_BODY, firstToken, type Spawned } from './startup-support.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PRODUCT = { data: { id: 'prod_bench', name: 'Capulana', price: 350, currency: 'MZN', createdAt: '2026-03-02T10:00:00.000Z' } };

/** Start-up and memory of one server; RSS peak and after are filled in by the caller once its runs are done. */
export interface ServerFigures {
  target: string;
  listeningMs: number;
  firstResponseMs: number;
  rssRestMiB: number;
  rssPeakMiB: number;
  rssAfterMiB: number;
  stopMs: number;
  dataMiB?: number;
}

export interface Started {
  server: Spawned;
  figures: ServerFigures;
  token: string;
}

const bareHttp = `require('http').createServer((q, s) => { s.writeHead(200, {'content-type': 'application/json'}); s.end(${JSON.stringify(JSON.stringify(PRODUCT))}); }).listen(0, '${HOST}', function () { console.log('listening on http://${HOST}:' + this.address().port); });`;
const bareExpress = `const app = require('express')(); app.get('/v1/products/:id', (q, s) => s.json(${JSON.stringify(PRODUCT)})); const srv = app.listen(0, '${HOST}', () => console.log('listening on http://${HOST}:' + srv.address().port));`;

export const LIMITS = [
  { target: 'bare node:http', args: ['-e', bareHttp] },
  { target: 'bare Express 5', args: ['-e', bareExpress] },
];

/** Prism on a port it binds itself (`-p 0`); its "Prism is listening on http://…:PORT" line names the port it got. */
export function prismArgs(dynamic: boolean): string[] {
  const prism = join(ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
  return [prism, 'mock', join(ROOT, 'spec', 'openapi.yaml'), '-h', HOST, '-p', '0', ...(dynamic ? ['-d'] : [])];
}

/** Node's flags for the mock as `npm start` and the container image run it (a bounded young generation). */
export const MOCK_NODE_FLAGS = ['--max-semi-space-size=8'];

export function mockArgs(store: { file: string } | { inMemory: true; seedData: 'default' | 'none' }): string[] {
  const storeFlags = 'file' in store ? ['--data', store.file, '--seed-data', 'none'] : ['--in-memory', '--seed-data', store.seedData];
  return [...MOCK_NODE_FLAGS, join(ROOT, 'bin', 'commerce-mock.js'), 'start', '--port', '0', '--rate-limit', 'off', '--token-limit-policy', 'revoke-oldest', '--log-level', 'error', ...storeFlags];
}

/**
 * Spawn a server and time it: to its "listening" line, and to its first 2xx (a token for the mock; for the
 * others, whatever `probe` asks). RSS at rest is read after `settle` (filling the mock) and one idle second.
 */
export async function start(
  target: string,
  args: string[],
  options: { probe?: { method: 'GET' | 'POST'; path: string; body?: unknown }; settle?: (started: Started) => Promise<void> } = {},
): Promise<Started> {
  const server = await spawnServer(args, ROOT);
  let token = '';
  let firstAt: number;
  if (options.probe) {
    const { method, path, body } = options.probe;
    for (;;) {
      const answer = await request(server.port, method, path, { ...(body === undefined ? {} : { body }), token: 'x' }).catch(() => undefined);
      if (answer && answer.status < 300) break;
      if (performance.now() - server.listeningAt > 10_000) throw new Error(`${target}: no 2xx to ${method} ${path} within 10 s`);
      await sleep(5);
    }
    firstAt = performance.now();
  } else {
    const first = await firstToken(server.port);
    token = first.token;
    firstAt = first.at;
  }
  const figures: ServerFigures = {
    target,
    listeningMs: server.listeningAt - server.spawnedAt,
    firstResponseMs: firstAt - server.spawnedAt,
    rssRestMiB: Number.NaN,
    rssPeakMiB: Number.NaN,
    rssAfterMiB: Number.NaN,
    stopMs: Number.NaN,
  };
  const started = { server, figures, token };
  await options.settle?.(started);
  await sleep(1_000);
  figures.rssRestMiB = rssMiB(server.child.pid);
  return started;
}

/** SIGTERM and wait for the exit (the mock finishes in-flight requests and checkpoints a file store). */
export async function stop({ server, figures }: Started, dataFile?: string): Promise<void> {
  const pid = server.child.pid;
  figures.rssAfterMiB = rssMiB(pid);
  // A file store checkpoints as it stops: what that costs in memory counts in the peak.
  let peak = figures.rssAfterMiB;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid) || 0)), 50);
  const asked = performance.now();
  await stopServer(server.child).finally(() => clearInterval(sampler));
  figures.stopMs = performance.now() - asked;
  figures.rssPeakMiB = Math.max(Number.isNaN(figures.rssPeakMiB) ? 0 : figures.rssPeakMiB, peak);
  if (dataFile) figures.dataMiB = (await stat(dataFile)).size / 1024 / 1024;
}

/** A data file holding `size` products of mock-client (`prod_bench0` …), checkpointed: a snapshot, no journal. */
export async function prepareDataFile(file: string, size: number): Promise<void> {
  const store = await openStore({ file });
  const base = Date.parse('2026-01-01T00:00:00Z');
  for (let start = 0; start < size; start += 1000) {
    store.putMany(Array.from({ length: Math.min(1000, size - start) }, (_, k) => {
      const at = new Date(base + (start + k) * 1000).toISOString();
      return { collection: 'products' as const, record: { id: `prod_bench${start + k}`, clientId: 'mock-client', name: `Produto ${start + k}`, price: 100.5, originProductId: `SKU-B-${start + k}`, createdAt: at, updatedAt: at } };
    }));
  }
  await store.close();
}

/** An in-memory mock starts empty: it gets its `size` products through the batch endpoint. */
export async function fillThroughBatches(port: number, token: string, size: number): Promise<void> {
  for (let start = 0; start < size; start += 500) {
    const products = Array.from({ length: Math.min(500, size - start) }, (_, k) => ({ originProductId: `SKU-B-${start + k}`, name: `Produto ${start + k}`, price: 100.5 }));
    const answer = await request(port, 'POST', '/v1/products/sync/batch', { token, body: { products } });
    if (answer.status >= 300) throw new Error(`filling the in-memory mock: ${answer.status} ${answer.body.slice(0, 200)}`);
  }
}

export { TOKEN_BODY };
