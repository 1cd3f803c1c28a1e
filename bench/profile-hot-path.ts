/**
 * `npm run bench:profile [-- --seconds N] [--connections N]`: where a request's CPU time goes on the hot path.
 * Starts the built mock (bin/commerce-mock.js: the bundle the package ships, each sample named by its source file
 * through the build's source maps, profile-layers.ts) in memory with the default dataset under `node --cpu-prof`,
 * loads `GET /v1/products/{id}` with a bearer token at 50 connections for 10 s (after a 2 s warm-up), stops it, and
 * prints the self time of the load's samples grouped by layer, with the server's CPU microseconds per request (from
 * /proc, over the run); `--top N` adds the N functions of most self time; `--create` and `--poll` load another
 * operation (below). Prints figures, asserts nothing.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from './load.ts';
import { LAYERS, selfTimeByLayer, topFunctions, type CpuProfile } from './profile-layers.ts';
import { ROOT } from './servers.ts';
import { firstToken, fmt, request, spawnServer, stopServer } from './startup-support.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const SECONDS = option('--seconds', 10);
const CONNECTIONS = option('--connections', 50);
const TOP = option('--top', 0);
/**
 * `--create`: POST /v1/orders instead of GET by id; `--poll`: GET /v1/orders/{id}/status of an order placed first (PAID
 * from its 3rd poll on); `--file`: a file store (a data file of its own) instead of memory.
 */
const CREATE = args.includes('--create');
const POLL = args.includes('--poll');
const FILE = args.includes('--file');
const ORDER = { customer: { merchantCustomerId: 'CUST-P', name: 'Ana', phone: '+258 84 123 4567' }, items: [{ originProductId: 'SKU-P-1', name: 'Produto 1', quantity: 2, price: 100.5 }] };
const WARM_UP_SECONDS = 2;

const BIN = join(ROOT, 'bin', 'commerce-mock.js');

const microseconds = () => Number(process.hrtime.bigint() / 1000n);

const loadBefore = loadavg();
const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-profile-'));
try {
  const store = FILE ? ['--data', join(dir, 'db.json')] : ['--in-memory'];
  const cli = ['start', '--port', '0', ...store, '--seed-data', 'default', '--rate-limit', 'off', '--token-limit-policy', 'revoke-oldest', '--log-level', 'error'];
  const server = await spawnServer(['--cpu-prof', '--cpu-prof-dir', dir, BIN, ...cli], ROOT);
  let window: { from: number; to: number };
  let figures: Awaited<ReturnType<typeof load>>;
  try {
    const { token } = await firstToken(server.port);
    const listed = await request(server.port, 'GET', '/v1/products?limit=1', { token });
    const product = (JSON.parse(listed.body) as { data: Array<{ id: string }> }).data[0]?.id;
    if (!product) throw new Error(`no product to ask for: ${listed.status} ${listed.body.slice(0, 200)}`);
    const placed = POLL ? (JSON.parse((await request(server.port, 'POST', '/v1/orders', { token, body: ORDER })).body) as { data: { id: string } }).data.id : undefined;
    const spec = CREATE
      ? { method: 'POST' as const, path: '/v1/orders', body: ORDER, token, connections: CONNECTIONS }
      : { path: placed ? `/v1/orders/${placed}/status` : `/v1/products/${product}`, token, connections: CONNECTIONS };
    process.stderr.write(`warming up ${WARM_UP_SECONDS} s, then ${SECONDS} s at ${CONNECTIONS} connections: ${CREATE ? 'POST' : 'GET'} ${spec.path}, ${FILE ? 'file store' : 'in memory'}\n`);
    await load(server, { ...spec, seconds: WARM_UP_SECONDS });
    const from = microseconds();
    figures = await load(server, { ...spec, seconds: SECONDS });
    window = { from, to: microseconds() };
  } finally {
    await stopServer(server.child);
  }
  const written = (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'));
  if (written.length !== 1) throw new Error(`expected one .cpuprofile in ${dir}, found ${written.length}`);
  const profile = JSON.parse(await readFile(join(dir, written[0]!), 'utf8')) as CpuProfile;
  let span = { from: window.from, to: window.to };
  let totals = selfTimeByLayer(profile, span.from, span.to);
  let total = [...totals.values()].reduce((sum, value) => sum + value, 0);
  const whole = total === 0;
  // The profile's clock is the machine's monotonic clock on Linux; elsewhere the window may not line up.
  if (whole) {
    span = { from: -Infinity, to: Infinity };
    totals = selfTimeByLayer(profile);
    total = [...totals.values()].reduce((sum, value) => sum + value, 0);
  }
  const requests = figures.rps * SECONDS;
  const lines = [
    `${CREATE ? 'create order' : POLL ? 'status poll' : 'GET product by id'}, bearer + validation, ${FILE ? 'file store' : 'in memory'}, ${CONNECTIONS} connections, ${SECONDS} s (Node ${process.version}, load ${loadBefore.map((v) => v.toFixed(2)).join(' ')} → ${loadavg().map((v) => v.toFixed(2)).join(' ')})`,
    `${fmt(figures.rps, 0)} req/s, p50 ${fmt(figures.p50, 0)} ms, p99 ${fmt(figures.p99, 0)} ms, non-2xx ${figures.non2xx}, RSS peak ${fmt(figures.rssPeakMiB, 0)} MiB`,
    `server CPU per request: ${fmt(figures.cpuUs, 0)} µs (from /proc; the profiler on); profiled CPU per request: ${fmt(total / requests, 0)} µs`,
    ...(whole ? ['(the profile clock did not line up with the load window: the table covers the whole process, start-up included)'] : []),
    '',
    '| layer | self ms | share | µs/req |',
    '|---|---:|---:|---:|',
    ...LAYERS.map((layer) => {
      const us = totals.get(layer) ?? 0;
      return `| ${layer} | ${fmt(us / 1000, 0)} | ${fmt((100 * us) / total, 1)}% | ${fmt(us / requests, 1)} |`;
    }),
    `| total | ${fmt(total / 1000, 0)} | 100% | ${fmt(total / requests, 1)} |`,
    ...(TOP > 0 ? ['', `| top ${TOP} functions by self time | µs/req |`, '|---|---:|'] : []),
    ...topFunctions(profile, TOP, span.from, span.to).map(([name, us]) => `| ${name.replaceAll('|', '\\|')} | ${fmt(us / requests, 1)} |`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
