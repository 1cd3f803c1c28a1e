/**
 * HTTP benchmark: npx tsx bench/http-bench.ts [sizes…]   (default sizes: 1000 10000 100000)   — or `npm run bench`
 *
 * Prints figures; asserts nothing. For each store size, in a temp dir:
 * - prepare a file-backed data file holding that many products of `mock-client` (openStore + putMany + close),
 * - start the real server as a child process (bin/commerce-mock.js) and time it up to its "listening" line,
 * - get a token, then measure with node:http and a keep-alive Agent on 127.0.0.1, each phase bounded by a
 *   request count and a duration (whichever comes first):
 *     POST /v1/products/create with 1 and with 32 connections, GET /v1/products/{id} with 32 connections,
 *     GET /v1/products?limit=20 with 8 connections,
 * - read the server's RSS from /proc/<pid>/status, then SIGTERM it and time the shutdown (it checkpoints).
 * Every request should answer 2xx; anything else is counted and reported.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProductRecord } from '../src/core/records.ts';
import { createSecureRandom } from '../src/random.ts';
import { openStore } from '../src/store/index.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'commerce-mock.js');
const HOST = '127.0.0.1';
const CLIENT_ID = 'mock-client';
const CLIENT_SECRET = 'mock-secret';

/** Phase bounds: stop after `requests` or `seconds`, whichever comes first. */
const PHASES = {
  create1: { concurrency: 1, requests: 2_000, seconds: 20 },
  create32: { concurrency: 32, requests: 2_000, seconds: 15 },
  getById: { concurrency: 32, requests: 10_000, seconds: 10 },
  list: { concurrency: 8, requests: 2_000, seconds: 10 },
} as const;
type PhaseName = keyof typeof PHASES;

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 60_000;
const REQUEST_TIMEOUT_MS = 60_000;

// ---------------------------------------------------------------- cleanup, even on error or Ctrl-C

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

function killChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

process.on('exit', () => {
  killChildren();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    process.stderr.write(`\n${signal}: cleaning up\n`);
    process.exit(130);
  });
}

// ---------------------------------------------------------------- preparing the data file

async function prepareDataFile(file: string, size: number): Promise<string[]> {
  const random = createSecureRandom();
  const store = await openStore({ file });
  const ids: string[] = [];
  const base = Date.now() - size * 1000;
  try {
    for (let start = 0; start < size; start += 1000) {
      const count = Math.min(1000, size - start);
      const entries = Array.from({ length: count }, (_, k) => {
        const i = start + k;
        const at = new Date(base + i * 1000).toISOString();
        const record: ProductRecord = {
          id: random.id('prod'),
          clientId: CLIENT_ID,
          name: `Produto ${i}`,
          description: 'A product prepared by the HTTP benchmark, with a description of realistic length.',
          price: 100 + (i % 5000) + 0.5,
          originProductId: `SKU-SEED-${i}`,
          metadata: { categoria: 'bench', lote: i % 100 },
          createdAt: at,
          updatedAt: at,
        };
        ids.push(record.id);
        return { collection: 'products' as const, record };
      });
      store.putMany(entries);
    }
    await store.commit();
  } finally {
    await store.close(); // checkpoints: the server starts from a snapshot and an empty journal
  }
  return ids;
}

// ---------------------------------------------------------------- the server as a child process

interface Server {
  child: ChildProcess;
  port: number;
  startupMs: number;
  stderr: () => string;
}

function startServer(file: string): Promise<Server> {
  const args = [BIN, 'start', '--port', '0', '--data', file, '--seed-data', 'none', '--rate-limit', 'off', '--log-level', 'error'];
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stdout = '';
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => fail(new Error(`no "listening" line within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\nstdout: ${stdout}\nstderr: ${stderr}`));
    };
    child.once('error', fail);
    child.once('exit', (code, signal) => fail(new Error(`server exited early (code ${code}, signal ${signal})`)));
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /listening on http:\/\/[^\s:]+:(\d+)/.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.once('exit', () => children.delete(child));
      child.stdout?.removeAllListeners('data').resume();
      resolvePromise({ child, port: Number(match[1]), startupMs: performance.now() - started, stderr: () => stderr });
    });
  });
}

/** SIGTERM, then wait for the exit (the server finishes in-flight requests and checkpoints the store). */
function stopServer(child: ChildProcess): Promise<{ ms: number; code: number | null; signal: string | null }> {
  return new Promise((resolvePromise) => {
    const started = performance.now();
    if (child.exitCode !== null || child.signalCode !== null) {
      resolvePromise({ ms: 0, code: child.exitCode, signal: child.signalCode });
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ ms: performance.now() - started, code, signal: signal && signal !== 'SIGTERM' ? `${signal} (timed out)` : signal });
    });
    child.kill('SIGTERM');
  });
}

async function rssMiB(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kb === undefined ? Number.NaN : Number(kb) / 1024;
}

// ---------------------------------------------------------------- HTTP client

interface Answer {
  status: number;
  body: string;
}

function send(agent: http.Agent, port: number, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const headers: http.OutgoingHttpHeaders = { Accept: 'application/json' };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  if (payload) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = payload.length;
  }
  return new Promise((resolvePromise, reject) => {
    const request = http.request({ host: HOST, port, method, path, agent, headers, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolvePromise({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`timed out after ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(payload);
  });
}

async function issueToken(agent: http.Agent, port: number): Promise<string> {
  const answer = await send(agent, port, 'POST', '/v1/auth/token', undefined, { client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
  if (answer.status !== 200) throw new Error(`token: HTTP ${answer.status}: ${answer.body}`);
  return (JSON.parse(answer.body) as { data: { access_token: string } }).data.access_token;
}

interface RequestSpec {
  method: string;
  path: string;
  body?: unknown;
}

interface PhaseResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  stoppedBy: 'count' | 'time';
  samples: string[];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** `concurrency` workers on their own keep-alive connections until `requests` are issued or `seconds` pass. */
async function runPhase(
  port: number,
  token: string,
  bounds: { concurrency: number; requests: number; seconds: number },
  make: (i: number) => RequestSpec,
): Promise<PhaseResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: bounds.concurrency });
  const latencies: number[] = [];
  const samples: string[] = [];
  let issued = 0;
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + bounds.seconds * 1000;
  const worker = async () => {
    while (issued < bounds.requests && performance.now() < deadline) {
      const spec = make(issued);
      issued += 1;
      const sent = performance.now();
      try {
        const answer = await send(agent, port, spec.method, spec.path, token, spec.body);
        latencies.push(performance.now() - sent);
        if (answer.status < 200 || answer.status > 299) {
          non2xx += 1;
          if (samples.length < 3) samples.push(`${spec.method} ${spec.path} → ${answer.status} ${answer.body.slice(0, 200)}`);
        }
      } catch (error) {
        errors += 1;
        if (samples.length < 3) samples.push(`${spec.method} ${spec.path} → ${(error as Error).message}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: bounds.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: issued,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    non2xx,
    errors,
    stoppedBy: issued >= bounds.requests ? 'count' : 'time',
    samples,
  };
}

// ---------------------------------------------------------------- one store size

interface Row {
  size: number;
  prepareMs: number;
  snapshotMiB: number;
  startupMs: number;
  rssStartMiB: number;
  rssAfterMiB: number;
  journalMiB: number;
  shutdownMs: number;
  exit: string;
  phases: Record<PhaseName, PhaseResult>;
  setupNon2xx: number;
  serverStderr: string;
}

function productBody(tag: string, i: number): Record<string, unknown> {
  return {
    name: `Capulana ${tag} ${i}`,
    description: 'Capulana de algodão estampada, 1,80 m × 1,10 m',
    price: 1500.5,
    originProductId: `SKU-${tag}-${i}`,
    metadata: { categoria: 'tecidos', destaque: true },
  };
}

async function measure(size: number): Promise<Row> {
  const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-http-bench-'));
  tempDirs.add(dir);
  const file = join(dir, 'db.json');
  let server: Server | undefined;
  const setupAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  try {
    const prepareStarted = performance.now();
    const ids = await prepareDataFile(file, size);
    const prepareMs = performance.now() - prepareStarted;
    const snapshotMiB = (await stat(file)).size / 1024 / 1024;

    server = await startServer(file);
    const { port, child } = server;
    const rssStartMiB = await rssMiB(child.pid);
    const token = await issueToken(setupAgent, port);

    // Warm-up (unmeasured): let the JIT see each route once or twice.
    let setupNon2xx = 0;
    for (let i = 0; i < 20; i += 1) {
      const answers = await Promise.all([
        send(setupAgent, port, 'POST', '/v1/products/create', token, productBody(`warm${size}`, i)),
        send(setupAgent, port, 'GET', `/v1/products/${ids[i % ids.length]}`, token),
        send(setupAgent, port, 'GET', '/v1/products?limit=20', token),
      ]);
      setupNon2xx += answers.filter((answer) => answer.status < 200 || answer.status > 299).length;
    }

    const pick = () => ids[Math.floor(Math.random() * ids.length)] as string;
    const phases = {} as Record<PhaseName, PhaseResult>;
    phases.create1 = await runPhase(port, token, PHASES.create1, (i) => ({
      method: 'POST',
      path: '/v1/products/create',
      body: productBody(`c1-${size}`, i),
    }));
    phases.create32 = await runPhase(port, token, PHASES.create32, (i) => ({
      method: 'POST',
      path: '/v1/products/create',
      body: productBody(`c32-${size}`, i),
    }));
    phases.getById = await runPhase(port, token, PHASES.getById, () => ({ method: 'GET', path: `/v1/products/${pick()}` }));
    phases.list = await runPhase(port, token, PHASES.list, () => ({ method: 'GET', path: '/v1/products?limit=20' }));

    const rssAfterMiB = await rssMiB(child.pid);
    const journalMiB = (await stat(`${file}.journal`).catch(() => ({ size: 0 }))).size / 1024 / 1024;
    // The setup agent still holds an idle keep-alive socket: shutdown must not wait on it.
    const stopped = await stopServer(child);
    return {
      size,
      prepareMs,
      snapshotMiB,
      startupMs: server.startupMs,
      rssStartMiB,
      rssAfterMiB,
      journalMiB,
      shutdownMs: stopped.ms,
      exit: stopped.signal ? `signal ${stopped.signal}` : `code ${stopped.code}`,
      phases,
      setupNon2xx,
      serverStderr: server.stderr(),
    };
  } finally {
    setupAgent.destroy();
    if (server) {
      const { child } = server;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await new Promise((done) => child.once('exit', done));
      }
    }
    await rm(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  }
}

/** An empty data file: what start-up, RSS and shutdown cost without any records (spec compilation, tsx). */
async function measureBaseline(): Promise<{ startupMs: number; rssMiB: number; shutdownMs: number; exit: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-http-bench-'));
  tempDirs.add(dir);
  let server: Server | undefined;
  try {
    server = await startServer(join(dir, 'db.json'));
    const rss = await rssMiB(server.child.pid);
    const stopped = await stopServer(server.child);
    return { startupMs: server.startupMs, rssMiB: rss, shutdownMs: stopped.ms, exit: stopped.signal ? `signal ${stopped.signal}` : `code ${stopped.code}` };
  } finally {
    const child = server?.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((done) => child.once('exit', done));
    }
    await rm(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  }
}

// ---------------------------------------------------------------- report

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : 'n/a');
const mib = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
const rate = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 100 ? 1 : 0) : 'n/a');
const count = (phase: PhaseResult) => `${phase.requests}${phase.stoppedBy === 'time' ? ` (${phase.seconds.toFixed(1)} s cap)` : ''}`;

function table(headers: string[], rows: string[][]): string {
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---:').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

function report(rows: Row[], baseline: Awaited<ReturnType<typeof measureBaseline>> | undefined): void {
  const phaseCols = (phase: PhaseResult) => [count(phase), rate(phase.perSecond), ms(phase.p50), ms(phase.p99), ms(phase.max)];
  const phaseHead = ['requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms'];
  const bound = (name: PhaseName) => `${PHASES[name].requests} requests or ${PHASES[name].seconds} s`;

  console.log(`\nMachine: ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, ${process.platform} ${process.arch}; server and client on ${HOST}, keep-alive.\n`);

  console.log(`### POST /v1/products/create — 1 connection (${bound('create1')})\n`);
  console.log(table(['records', ...phaseHead], rows.map((row) => [String(row.size), ...phaseCols(row.phases.create1)])));
  console.log(`\n### POST /v1/products/create — 32 connections (${bound('create32')})\n`);
  console.log(table(['records', ...phaseHead], rows.map((row) => [String(row.size), ...phaseCols(row.phases.create32)])));
  console.log(`\n### GET /v1/products/{id} — 32 connections, random seeded ids (${bound('getById')})\n`);
  console.log(table(['records', ...phaseHead], rows.map((row) => [String(row.size), ...phaseCols(row.phases.getById)])));
  console.log(`\n### GET /v1/products?limit=20 — 8 connections (${bound('list')})\n`);
  console.log(
    table(
      ['records', ...phaseHead, 'server ms per list (1/throughput)'],
      rows.map((row) => [String(row.size), ...phaseCols(row.phases.list), ms(1000 / row.phases.list.perSecond)]),
    ),
  );
  console.log('\n### Server process\n');
  console.log(
    table(
      ['records', 'snapshot MiB', 'start-up to "listening" ms', 'RSS at start MiB', 'RSS after phases MiB', 'journal MiB at stop', 'SIGTERM → exit ms', 'exit'],
      [
        ...(baseline
          ? [['0 (empty file)', '0.0', ms(baseline.startupMs), mib(baseline.rssMiB), '–', '0.0', ms(baseline.shutdownMs), baseline.exit]]
          : []),
        ...rows.map((row) => [
          String(row.size),
          mib(row.snapshotMiB),
          ms(row.startupMs),
          mib(row.rssStartMiB),
          mib(row.rssAfterMiB),
          mib(row.journalMiB),
          ms(row.shutdownMs),
          row.exit,
        ]),
      ],
    ),
  );
  console.log('\n### Answers that were not 2xx (should all be 0)\n');
  const names = Object.keys(PHASES) as PhaseName[];
  console.log(
    table(
      ['records', 'setup/warm-up', ...names.map((name) => `${name} non-2xx / socket errors`)],
      rows.map((row) => [String(row.size), String(row.setupNon2xx), ...names.map((name) => `${row.phases[name].non2xx} / ${row.phases[name].errors}`)]),
    ),
  );
  for (const row of rows) {
    for (const name of names) for (const sample of row.phases[name].samples) console.log(`- ${row.size} ${name}: ${sample}`);
    if (row.serverStderr.trim()) console.log(`- ${row.size} server stderr:\n${row.serverStderr.trim()}`);
  }
  console.log(`\n(data file preparation, not part of the server: ${rows.map((row) => `${row.size}: ${ms(row.prepareMs)} ms`).join(', ')})`);
}

const sizes = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);
const rows: Row[] = [];
let baseline: Awaited<ReturnType<typeof measureBaseline>> | undefined;
const benchStarted = performance.now();
try {
  process.stderr.write('measuring an empty store (start-up baseline)…\n');
  baseline = await measureBaseline();
  for (const size of sizes.length > 0 ? sizes : [1_000, 10_000, 100_000]) {
    process.stderr.write(`measuring ${size} records…\n`);
    rows.push(await measure(size));
  }
} finally {
  if (rows.length > 0) report(rows, baseline);
  console.log(`(whole bench: ${((performance.now() - benchStarted) / 1000).toFixed(1)} s)`);
}
