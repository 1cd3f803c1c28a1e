/**
 * startMock() benchmark: npx tsx bench/start-mock-bench.ts [runs]   (default 20)   — or `npm run bench:start-mock`
 *
 * Prints figures; asserts nothing. Everything on 127.0.0.1. Needs a built dist/ (`npm run build`): it loads
 * dist/bundle/index.js, the package's entry, as a package user's test suite does.
 * (a) a test file's cost: in a fresh `node` process (as each vitest worker is), import the package, startMock(),
 *     the first token answer, stop(); `runs` processes.
 * (b) in one warm process: startMock() then stop(), `runs` times after one discarded run; with the default
 *     seeded dataset and with `seedData: 'none'`.
 */
import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { fmt, median, percentile } from './startup-support.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = pathToFileURL(join(ROOT, 'dist', 'bundle', 'index.js')).href;
const RUNS = Number(process.argv[2] ?? 20);

type Package = typeof import('../src/index.ts');

const COLD = `const t0 = performance.now();
const { startMock } = await import(${JSON.stringify(ENTRY)});
const t1 = performance.now();
const mock = await startMock();
const t2 = performance.now();
const answer = await fetch(mock.url + '/v1/auth/token', { method: 'POST', headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ client_id: mock.credentials.clientId, client_secret: mock.credentials.clientSecret }) });
if (answer.status !== 200) throw new Error('token request: ' + answer.status);
const t3 = performance.now();
await mock.stop();
const t4 = performance.now();
console.log(JSON.stringify({ importMs: t1 - t0, startMs: t2 - t1, firstAnswerMs: t3 - t2, stopMs: t4 - t3, totalMs: t4 - t0 }));`;

interface ColdRun { importMs: number; startMs: number; firstAnswerMs: number; stopMs: number; totalMs: number }

async function coldRun(): Promise<ColdRun> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', COLD], { cwd: ROOT, timeout: 60_000 });
  return JSON.parse(stdout) as ColdRun;
}

async function warmRuns(startMock: Package['startMock'], options: Parameters<Package['startMock']>[0]) {
  const start: number[] = [];
  const stop: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    const t0 = performance.now();
    const mock = await startMock(options);
    const t1 = performance.now();
    await mock.stop();
    const t2 = performance.now();
    // The first run loads and compiles what later runs reuse.
    if (run === 0) continue;
    start.push(t1 - t0);
    stop.push(t2 - t1);
  }
  return { start, stop, both: start.map((ms, i) => ms + (stop[i] ?? 0)) };
}

const line = (label: string, values: number[]) =>
  console.log(`  ${label.padEnd(34)} median ${fmt(median(values)).padStart(7)} ms   p90 ${fmt(percentile(values, 0.9)).padStart(7)} ms   max ${fmt(Math.max(...values)).padStart(7)} ms`);

console.log(`startMock() from dist/bundle/index.js — node ${process.version}, ${RUNS} runs each`);
console.log('(a) fresh process per run (a test file\'s cost):');
const cold: ColdRun[] = [];
for (let run = 0; run < RUNS; run += 1) cold.push(await coldRun());
line('import the package', cold.map((run) => run.importMs));
line('startMock()', cold.map((run) => run.startMs));
line('first token answer', cold.map((run) => run.firstAnswerMs));
line('stop()', cold.map((run) => run.stopMs));
line('import + start + answer + stop', cold.map((run) => run.totalMs));

const { startMock } = (await import(ENTRY)) as Package;
for (const [label, options] of [
  ['default dataset', {}],
  ["seedData: 'none'", { seedData: 'none' as const }],
] as const) {
  const warm = await warmRuns(startMock, options);
  console.log(`(b) one warm process, ${label}:`);
  line('startMock()', warm.start);
  line('stop()', warm.stop);
  line('start + stop', warm.both);
}
