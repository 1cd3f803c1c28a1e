/**
 * The benchmark: npm run bench [-- --quick] [sizes…]   (default sizes 1000 10000 100000; --quick: 2 s runs, 1000 and
 * 100000). Needs a built dist/ (`npm run build`).
 *
 * Prints the tables and writes bench/results.md; asserts nothing. Everything in one run, one server at a time, so
 * that the ratios hold on a noisy machine. Load by autocannon on 127.0.0.1, every run bounded in time.
 * - Limits: a bare node:http server and a bare Express 5 route answering the same product JSON (GET by id).
 * - Peer: Prism 5.14.2 (`prism mock spec/openapi.yaml`, static and `-d`) on the operations below.
 * - The mock, default dataset in memory: start-up, first response, RSS at rest and under a GET load.
 * - The mock on a file store and in memory with `size` products of one client: GET by id, list (page of 20) at 50
 *   and at 1 connection, order status poll, create order (new data) at 50 and at 1 connection, batch sync of 500,
 *   token issue (last: under revoke-oldest it revokes the token the other runs use).
 * Per run: req/s, p50/p99, mean time per request, server CPU per request (/proc), ratio to the bare Express route
 * and to the same operation on Prism static, the first request of its kind. Per server: start-up to "listening"
 * and to its first 2xx, RSS at rest, peak under load and after, SIGTERM → exit (a file store checkpoints).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, once, type LoadSpec } from './load.ts';
import { report, type Run } from './report.ts';
import { fillThroughBatches, LIMITS, mockArgs, prepareDataFile, prismArgs, ROOT, start, stop, TOKEN_BODY, type ServerFigures, type Started } from './servers.ts';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const given = args.map(Number).filter((n) => Number.isInteger(n) && n > 0);
const SIZES = given.length > 0 ? given : QUICK ? [1000, 100_000] : [1000, 10_000, 100_000];
const SECONDS = QUICK ? 2 : 4;
const CONNECTIONS = 50;

const runs: Run[] = [];
const servers: ServerFigures[] = [];

type Operation = { op: string; connections: number } & Omit<LoadSpec, 'connections' | 'seconds'>;

const ORDER = { customer: { merchantCustomerId: 'CUST-B', name: 'Ana', phone: '+258 84 123 4567' }, items: [{ originProductId: 'SKU-B-1', name: 'Produto 1', quantity: 2, price: 100.5 }] };
const BATCH = { products: Array.from({ length: 500 }, (_, k) => ({ originProductId: `SKU-BATCH-${k}`, name: `Lote ${k}`, price: 9.99 })) };

/** The measured operations, under `prefix` (`/v1` for the mock; Prism ignores the server's path). */
function operations(prefix: string, ids: { product: string; order: string }, token: string, oneConnection: boolean): Operation[] {
  const at = (op: string, connections: number) => ({ op: connections === 1 ? `${op}, 1 conn.` : op, connections });
  return [
    { ...at('GET by id', CONNECTIONS), path: `${prefix}/products/${ids.product}`, token },
    { ...at('list, page of 20', CONNECTIONS), path: `${prefix}/products?limit=20`, token },
    ...(oneConnection ? [{ ...at('list, page of 20', 1), path: `${prefix}/products?limit=20`, token }] : []),
    { ...at('status poll', CONNECTIONS), path: `${prefix}/orders/${ids.order}/status`, token },
    { ...at('create order', CONNECTIONS), method: 'POST' as const, path: `${prefix}/orders`, body: ORDER, token },
    ...(oneConnection ? [{ ...at('create order', 1), method: 'POST' as const, path: `${prefix}/orders`, body: ORDER, token }] : []),
    { ...at('batch sync of 500', CONNECTIONS), method: 'POST' as const, path: `${prefix}/products/sync/batch`, body: BATCH, token },
    { ...at('token issue', CONNECTIONS), method: 'POST' as const, path: `${prefix}/auth/token`, body: TOKEN_BODY },
  ];
}

async function measure(started: Started, target: string, ops: Operation[], firstMs: Map<string, number> = new Map()): Promise<void> {
  for (const { op, connections, ...spec } of ops) {
    process.stderr.write(`  ${target}: ${op}\n`);
    const result = await load(started.server, { ...spec, connections, seconds: SECONDS });
    runs.push({ target, op, connections, result, firstMs: firstMs.get(op) });
    started.figures.rssPeakMiB = Math.max(Number.isNaN(started.figures.rssPeakMiB) ? 0 : started.figures.rssPeakMiB, result.rssPeakMiB);
  }
}

/**
 * One request of each operation, alone, on a server that has answered nothing but the request that timed its
 * start-up (`answered`: the mock's first token, Prism's first GET by id): the first request per operation.
 * Creating the order first gives the ids the others need.
 */
async function firstOfEach(started: Started, prefix: string, token: string, answered: string): Promise<{ ops: Operation[]; firstMs: Map<string, number> }> {
  const firstMs = new Map<string, number>([[answered, Number.NaN]]);
  const placed = await once(started.server, { method: 'POST', path: `${prefix}/orders`, body: ORDER, token });
  if (placed.status >= 300) throw new Error(`${started.figures.target}: create order answered ${placed.status} ${placed.body.slice(0, 200)}`);
  firstMs.set('create order', placed.ms);
  const order = (JSON.parse(placed.body) as { data: { id: string; items: Array<{ productId: string }> } }).data;
  const ops = operations(prefix, { order: order.id, product: order.items[0]?.productId ?? '' }, token, prefix !== '');
  for (const { op, connections, ...spec } of ops) {
    if (connections === 1 || firstMs.has(op)) continue;
    firstMs.set(op, (await once(started.server, spec)).ms);
  }
  firstMs.delete(answered);
  return { ops, firstMs };
}

async function limits(): Promise<void> {
  for (const { target, args: serverArgs } of LIMITS) {
    const started = await start(target, serverArgs, { probe: { method: 'GET', path: '/v1/products/prod_bench' } });
    await measure(started, target, [{ op: 'GET by id', connections: CONNECTIONS, path: '/v1/products/prod_bench' }]);
    await stop(started);
    servers.push(started.figures);
  }
}

async function prism(): Promise<void> {
  for (const [target, dynamic] of [['Prism static', false], ['Prism -d', true]] as const) {
    const started = await start(target, await prismArgs(dynamic), { probe: { method: 'GET', path: '/products/prod_8f3K2m9QxL' } });
    const { ops, firstMs } = await firstOfEach(started, '', 'x', 'GET by id');
    await measure(started, target, ops, firstMs);
    await stop(started);
    servers.push(started.figures);
  }
}

async function defaultDataset(): Promise<void> {
  const target = 'mock in memory, default dataset';
  const started = await start(target, mockArgs({ inMemory: true, seedData: 'default' }));
  const { ops, firstMs } = await firstOfEach(started, '/v1', started.token, 'token issue');
  await measure(started, target, ops.filter(({ op }) => op === 'GET by id'), firstMs);
  await stop(started);
  servers.push(started.figures);
}

async function mock(size: number, inMemory: boolean, dir: string): Promise<void> {
  const target = `mock ${inMemory ? 'in memory' : 'file'}, ${size}`;
  const file = join(dir, `db-${size}.json`);
  if (!inMemory) await prepareDataFile(file, size);
  const started = await start(target, mockArgs(inMemory ? { inMemory: true, seedData: 'none' } : { file }), {
    settle: async ({ server, token }) => (inMemory ? fillThroughBatches(server.port, token, size) : undefined),
  });
  // In memory, the batches that filled the store came first: its batch sync is not a first request.
  const { ops, firstMs } = await firstOfEach(started, '/v1', started.token, 'token issue');
  if (inMemory) firstMs.delete('batch sync of 500');
  await measure(started, target, ops, firstMs);
  await stop(started, inMemory ? undefined : file);
  servers.push(started.figures);
}

const loadBefore = loadavg();
const began = performance.now();
const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-bench-'));
try {
  await limits();
  await prism();
  await defaultDataset();
  for (const size of SIZES) {
    await mock(size, false, dir);
    await mock(size, true, dir);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
const text = report({ runs, servers, connections: CONNECTIONS, seconds: SECONDS, quick: QUICK, tookS: (performance.now() - began) / 1000, loadBefore });
process.stdout.write(`${text}\n`);
await writeFile(join(ROOT, 'bench', 'results.md'), `# Benchmark (\`npm run bench${QUICK ? ' -- --quick' : ''}\`)\n\n${text}\n`);
