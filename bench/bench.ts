/**
 * The benchmark: npm run bench [-- --quick] [--rounds N] [--large N]   (defaults: 3 rounds, N + 2 for the
 * comparisons with the bare servers, 100000 records; --quick: 2 s runs, 10 000 records). Needs a built dist/
 * (prebench builds it when stale).
 *
 * Prints the tables and writes bench/results.md; asserts nothing. Every comparison is interleaved: both servers
 * run, and they are loaded in turn A B A B … for the rounds, after an unrecorded warm-up run of each, so that a
 * ratio is never taken against a run minutes earlier on a machine whose load moves. The load average is recorded before and after. Load by autocannon on
 * 127.0.0.1, every run bounded in time; RSS peaks come from runs of at least 10 s (5 s with --quick).
 * Comparisons (each with its target, bench/report.ts):
 * - GET product by id, 50 connections: the mock (default dataset, in memory; bearer token and validation) vs a bare
 *   Express 5 route returning the same JSON, and vs a bare node:http server answering it as a fixed body; p99 of
 *   both; the mock's RSS peak under that load.
 * - create order at 1 connection: file store (every write durable before its 201) vs in memory, 1k records; beside
 *   it, the fsync floor: a bare write + fdatasync loop of the bytes one create order appends to the journal.
 * - bytes per record at rest (orders, payments, subscriptions) in this process's heap (bench/bytes-per-record.ts).
 * - the large store (file): GET by id and create order vs the same on 1k records; list (page of 20, 1 connection).
 * - start-up to the first answer: the mock vs the bare Express route, spawned in turn.
 * Stopping a file-backed server checkpoints it: the RSS sampled while it stops counts in its peak.
 * The mock runs as `npm start` and the container image run it: `node --max-semi-space-size=8 bin/commerce-mock.js`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { interleave, type Comparison, type Side } from './interleave.ts';
import { once } from './load.ts';
import { report } from './report.ts';
import { LIMITS, mockArgs, prepareDataFile, ROOT, start, stop, type ServerFigures, type Started } from './servers.ts';
import { compareStartup } from './startup-compare.ts';
import { bytesPerRecord } from './bytes-per-record.ts';
import { fsyncFloor, type FsyncFloor } from './fsync-floor.ts';
import { readJournal } from '../src/store/wal-reader.ts';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : undefined;
};
const QUICK = args.includes('--quick');
const ROUNDS = flag('--rounds') ?? 3;
/**
 * The comparisons against the bare servers only read, and change nothing a later figure depends on: they take two
 * rounds more, for a median that one slow window of the shared machine moves less (their ranges spread over 0.6×).
 */
const READ_ROUNDS = ROUNDS + 2;
const LARGE = flag('--large') ?? (QUICK ? 10_000 : 100_000);
const LONG_S = QUICK ? 5 : 10;
const SHORT_S = QUICK ? 2 : 5;
const CONNECTIONS = 50;

const ORDER = { customer: { merchantCustomerId: 'CUST-B', name: 'Ana', phone: '+258 84 123 4567' }, items: [{ originProductId: 'SKU-B-1', name: 'Produto 1', quantity: 2, price: 100.5 }] };

interface Mock {
  started: Started;
  product: string;
  order: string;
}

/** Start a mock and place one order: its product and order ids are what the GETs and polls ask for. */
async function mock(target: string, store: Parameters<typeof mockArgs>[0], config?: string): Promise<Mock> {
  const started = await start(target, [...mockArgs(store), ...(config ? ['--config', config] : [])]);
  const placed = await once(started.server, { method: 'POST', path: '/v1/orders', body: ORDER, token: started.token });
  if (placed.status >= 300) throw new Error(`${target}: create order answered ${placed.status} ${placed.body.slice(0, 200)}`);
  const order = (JSON.parse(placed.body) as { data: { id: string; items: Array<{ productId: string }> } }).data;
  return { started, order: order.id, product: order.items[0]?.productId ?? '' };
}

/** A collector that takes every OTLP export (and counts nothing): what tracing costs the mock, not the collector. */
async function otlpSink(): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => req.resume().on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => void server.close() };
}

/** A configuration file turning tracing on, every request sampled, to `endpoint`. */
async function tracingConfig(dir: string, endpoint: string): Promise<string> {
  const file = join(dir, 'tracing.json');
  await writeFile(file, JSON.stringify({ tracing: { endpoint, protocol: 'http/protobuf', sampler: 'always_on' } }));
  return file;
}

/** What one create order appends to the journal: its growth over a few creates sent one at a time. */
async function bytesPerCreate(m: Mock, file: string): Promise<number> {
  const journal = `${file}.journal`;
  // The journal's lines as the store's own reader counts them: past them lie the zeros the store reserves.
  const lines = async () => (await readJournal(journal)).validBytes;
  const before = await lines();
  const creates = 20;
  for (let i = 0; i < creates; i++) await once(m.started.server, { method: 'POST', path: '/v1/orders', body: ORDER, token: m.started.token });
  return Math.round(((await lines()) - before) / creates);
}

const side = (name: string, m: Mock, what: 'get' | 'list' | 'create' | 'poll'): Side => ({
  name,
  started: m.started,
  spec: {
    get: { path: `/v1/products/${m.product}`, token: m.started.token },
    list: { path: '/v1/products?limit=20', token: m.started.token },
    create: { method: 'POST' as const, path: '/v1/orders', body: ORDER, token: m.started.token },
    poll: { path: `/v1/orders/${m.order}/status`, token: m.started.token },
  }[what],
});

const loadBefore = loadavg();
const began = performance.now();
const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-bench-'));
const comparisons: Comparison[] = [];
const servers: ServerFigures[] = [];
const floors: FsyncFloor[] = [];
const running: Array<{ started: Started; file?: string }> = [];
try {
  const bare = LIMITS.find((limit) => limit.target === 'bare Express 5')!;
  const express = await start(bare.target, bare.args, { probe: { method: 'GET', path: '/v1/products/prod_bench' } });
  running.push({ started: express });
  const defaults = await mock('mock, default dataset in memory', { inMemory: true, seedData: 'default' });
  running.push({ started: defaults.started });
  const expressSide: Side = { name: 'bare Express 5', started: express, spec: { path: '/v1/products/prod_bench' } };
  comparisons.push(await interleave('GET by id: mock ÷ bare Express 5', [side('mock', defaults, 'get'), expressSide], { rounds: READ_ROUNDS, seconds: LONG_S, connections: CONNECTIONS }));
  const bareHttp = LIMITS.find((limit) => limit.target === 'bare node:http')!;
  const http = await start(bareHttp.target, bareHttp.args, { probe: { method: 'GET', path: '/v1/products/prod_bench' } });
  running.push({ started: http });
  const httpSide: Side = { name: 'bare node:http', started: http, spec: { path: '/v1/products/prod_bench' } };
  comparisons.push(await interleave('GET by id: mock ÷ bare node:http', [side('mock', defaults, 'get'), httpSide], { rounds: READ_ROUNDS, seconds: LONG_S, connections: CONNECTIONS }));
  comparisons.push(await interleave('status poll: mock ÷ bare Express 5 (GET by id)', [side('mock', defaults, 'poll'), expressSide], { rounds: READ_ROUNDS, seconds: SHORT_S, connections: CONNECTIONS }));
  // Tracing's cost: the same mock with OpenTelemetry on (every request sampled, spans to a collector that takes them).
  const collector = await otlpSink();
  try {
    const traced = await mock('mock, tracing on', { inMemory: true, seedData: 'default' }, await tracingConfig(dir, collector.url));
    running.push({ started: traced.started });
    comparisons.push(await interleave('tracing on: GET by id, traced mock ÷ mock', [side('traced', traced, 'get'), side('mock', defaults, 'get')], { rounds: ROUNDS, seconds: SHORT_S, connections: CONNECTIONS }));
  } finally {
    collector.close();
  }

  const small = { file: join(dir, 'db-1000.json') };
  const large = { file: join(dir, `db-${LARGE}.json`) };
  await prepareDataFile(small.file, 1000);
  await prepareDataFile(large.file, LARGE);
  const fileSmall = await mock('mock file, 1000', small);
  running.push({ started: fileSmall.started, file: small.file });
  // Writes go to a mock of their own: the orders they add would count in the RSS of the one the GET target is about.
  const memoryWrites = await mock('mock in memory, for the create-order runs', { inMemory: true, seedData: 'default' });
  running.push({ started: memoryWrites.started });
  const bytes = await bytesPerCreate(fileSmall, small.file);
  comparisons.push(await interleave('create order, 1 connection: file ÷ in memory', [side('file, 1000', fileSmall, 'create'), side('in memory, default dataset', memoryWrites, 'create')], { rounds: ROUNDS, seconds: SHORT_S, connections: 1 }));
  for (let round = 1; round <= ROUNDS; round++) {
    process.stderr.write(`  fsync floor (${bytes} bytes), round ${round}/${ROUNDS}\n`);
    floors.push(fsyncFloor(join(dir, 'fsync-floor'), bytes, SHORT_S));
  }

  const fileLarge = await mock(`mock file, ${LARGE}`, large);
  running.push({ started: fileLarge.started, file: large.file });
  const scale = (label: string, what: 'get' | 'create' | 'list', connections: number) =>
    interleave(label, [side(`${LARGE}`, fileLarge, what), side('1000', fileSmall, what)], { rounds: ROUNDS, seconds: what === 'create' ? LONG_S : SHORT_S, connections, ratioOf: 'time' });
  comparisons.push(await scale(`GET by id, file: time at ${LARGE} ÷ at 1000`, 'get', CONNECTIONS));
  comparisons.push(await scale(`create order, file: time at ${LARGE} ÷ at 1000`, 'create', CONNECTIONS));
  comparisons.push(await scale(`list (page of 20), 1 connection, file: time at ${LARGE} ÷ at 1000`, 'list', 1));
} finally {
  for (const { started, file } of running.splice(0)) {
    await stop(started, file);
    servers.push(started.figures);
  }
}
const perRecord = await bytesPerRecord();
const startup = await compareStartup(mockArgs({ inMemory: true, seedData: 'default' }), QUICK ? 3 : Math.max(ROUNDS, 5));
await rm(dir, { recursive: true, force: true });
const text = report({ comparisons, servers, floors, perRecord, startup, quick: QUICK, tookS: (performance.now() - began) / 1000, loadBefore, loadAfter: loadavg() });
process.stdout.write(`${text}\n`);
await writeFile(join(ROOT, 'bench', 'results.md'), `# Benchmark (\`npm run bench${QUICK ? ' -- --quick' : ''}\`)\n\n${text}\n`);
