/**
 * Where the memory goes: npx tsx bench/memory-probe.ts [--records N] [--seconds S] [--in-memory] [--rss-only] [--out DIR]
 * (defaults: 100000 records, 10 s, a file store, a temporary directory for the output).
 *
 * `--node-flags "F …"` adds Node or V8 flags to the mock's command line (to compare GC settings).
 *
 * Starts the built mock as `npm start` runs it, on a data file of N products (or in memory, filled through the batch
 * endpoint), with `--trace-gc` and `--heapsnapshot-signal`. Takes a heap snapshot at rest and after a bounded load
 * (create order at 50 connections for S seconds), then stops it (a file store checkpoints as it stops), sampling RSS
 * every 50 ms throughout (writing a snapshot takes memory of its own: `--rss-only` takes none, for RSS figures that
 * hold). Prints RSS per phase and where the snapshots and the GC trace are; read a snapshot with
 * `npx tsx bench/heap-top.ts FILE`.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from './load.ts';
import { fillThroughBatches, MOCK_NODE_FLAGS, mockArgs, prepareDataFile, ROOT } from './servers.ts';
import { firstToken, fmt, rssMiB, sleep, type Spawned } from './startup-support.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const RECORDS = Number(option('--records') ?? 100_000);
const SECONDS = Number(option('--seconds') ?? 10);
const IN_MEMORY = args.includes('--in-memory');
const RSS_ONLY = args.includes('--rss-only');
const OUT = option('--out') ?? (await mkdtemp(join(tmpdir(), 'commerce-mock-memory-')));
const ORDER = { customer: { merchantCustomerId: 'CUST-B', name: 'Ana', phone: '+258 84 123 4567' }, items: [{ originProductId: 'SKU-B-1', name: 'Produto 1', quantity: 2, price: 100.5 }] };

await mkdir(OUT, { recursive: true });
const file = join(OUT, `db-${RECORDS}.json`);
if (!IN_MEMORY) await prepareDataFile(file, RECORDS);
const store = IN_MEMORY ? ({ inMemory: true, seedData: 'none' } as const) : { file };
const extraFlags = (option('--node-flags') ?? '').split(' ').filter(Boolean);
const flags = [...MOCK_NODE_FLAGS, ...extraFlags, '--trace-gc', '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${OUT}`];
const child = spawn(process.execPath, [...flags, ...mockArgs(store).slice(MOCK_NODE_FLAGS.length)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
const gcLog = createWriteStream(join(OUT, 'gc.log'));
const spawnedAt = performance.now();
const port = await new Promise<number>((resolve) => {
  let seen = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    gcLog.write(chunk);
    seen += chunk;
    const match = /listening on http:\/\/[^\s]*:(\d+)/.exec(seen);
    if (match) resolve(Number(match[1]));
  });
});
const server: Spawned = { child, port, spawnedAt, listeningAt: performance.now() };
const { token } = await firstToken(port);
if (IN_MEMORY) await fillThroughBatches(port, token, RECORDS);

const phases: Array<{ phase: string; peak: number; end: number }> = [];
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(child.pid) || 0)), 50);
const phase = (name: string) => {
  phases.push({ phase: name, peak, end: rssMiB(child.pid) });
  peak = 0;
};

/** SIGUSR2 and wait until the new snapshot file stops growing. */
async function heapSnapshot(label: string): Promise<void> {
  if (RSS_ONLY) return;
  const before = new Set(await readdir(OUT));
  child.kill('SIGUSR2');
  for (;;) {
    await sleep(500);
    const made = (await readdir(OUT)).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
    if (!made) continue;
    const size = (await stat(join(OUT, made))).size;
    await sleep(1_000);
    if ((await stat(join(OUT, made))).size === size && size > 0) {
      process.stderr.write(`heap snapshot ${label}: ${join(OUT, made)}\n`);
      return;
    }
  }
}

await sleep(1_000);
phase('start and fill');
await heapSnapshot('at rest');
if (!RSS_ONLY) phase('snapshot at rest');
const created = await load(server, { method: 'POST', path: '/v1/orders', body: ORDER, token, connections: 50, seconds: SECONDS });
phase(`create order, 50 connections × ${SECONDS} s (${Math.round(created.rps * SECONDS)} orders)`);
await heapSnapshot('after the load');
if (!RSS_ONLY) phase('snapshot after the load');
const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;
clearInterval(sampler);
phase(IN_MEMORY ? 'stop' : 'stop (the checkpoint)');
gcLog.end();
if (!IN_MEMORY) process.stderr.write(`data file: ${fmt((await stat(file)).size / 2 ** 20)} MiB\n`);
process.stdout.write(`${IN_MEMORY ? 'in memory' : 'file store'}, ${RECORDS} products; output in ${OUT}\n`);
process.stdout.write('| phase | RSS peak MiB | RSS at its end MiB |\n|---|--:|--:|\n');
for (const p of phases) process.stdout.write(`| ${p.phase} | ${fmt(p.peak, 0)} | ${fmt(p.end, 0)} |\n`);
