/**
 * The text of bench/results.md: the machine, one row per run, one per server, and the issue's targets with the
 * figure each was judged on.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import type { LoadResult } from './load.ts';
import { ROOT, type ServerFigures } from './servers.ts';
import { fmt } from './startup-support.ts';

export interface Run {
  target: string;
  op: string;
  connections: number;
  result: LoadResult;
  /** The first request of this operation on its server, sent alone before any load. */
  firstMs?: number | undefined;
}

interface Figures {
  runs: Run[];
  servers: ServerFigures[];
  connections: number;
  seconds: number;
  quick: boolean;
  tookS: number;
  /** The 1, 5 and 15 minute load averages when the run began (other work on the machine shows here). */
  loadBefore: number[];
}

const MIB_PER_MB = 1e6 / 2 ** 20;

function version(pkg: string): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
}

const loadAverage = (values: number[]) => values.map((n) => n.toFixed(2)).join(' ');

function machine(f: Figures): string {
  const cpu = cpus();
  return [
    `${new Date().toISOString().slice(0, 10)}; Node ${process.version}, ${process.platform}/${process.arch} ${release()}; ` +
      `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; load average ${loadAverage(f.loadBefore)} before the run, ${loadAverage(loadavg())} at its end.`,
    `autocannon ${version('autocannon')}, Prism ${version('@stoplight/prism-cli')}; 127.0.0.1, ${f.seconds} s per run${f.quick ? ' (--quick)' : ''}, ` +
      `${f.connections} connections unless the operation says 1; the whole run took ${fmt(f.tookS / 60)} min.`,
  ].join('\n');
}

function runsTable(f: Figures): string[] {
  const express = f.runs.find((r) => r.target === 'bare Express 5')?.result.rps ?? Number.NaN;
  const prism = (op: string) => f.runs.find((r) => r.target === 'Prism static' && r.op === op)?.result.rps ?? Number.NaN;
  return [
    '| target | operation | req/s | p50 ms | p99 ms | mean ms | CPU µs/req | × Express | × Prism static | first request ms | non-2xx |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...f.runs.map(({ target, op, connections, result: r, firstMs }) => {
      const many = connections === f.connections;
      return `| ${target} | ${op} | ${fmt(r.rps, 0)} | ${r.p50} | ${r.p99} | ${fmt(r.msPerRequest, 2)} | ${fmt(r.cpuUs, 0)} | ` +
        `${many ? fmt(r.rps / express, 2) : ''} | ${many ? fmt(r.rps / prism(op), 2) : ''} | ${firstMs === undefined ? '' : fmt(firstMs, 1)} | ${r.non2xx} |`;
    }),
  ];
}

function serversTable(f: Figures): string[] {
  return [
    '| server | start-up to "listening" ms | to first 2xx ms | RSS at rest MiB | RSS peak under load MiB | RSS after MiB | SIGTERM → exit ms | data file MiB |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...f.servers.map((s) => `| ${s.target} | ${fmt(s.listeningMs, 0)} | ${fmt(s.firstResponseMs, 0)} | ${fmt(s.rssRestMiB, 0)} | ${fmt(s.rssPeakMiB, 0)} | ${fmt(s.rssAfterMiB, 0)} | ${fmt(s.stopMs, 0)} | ${s.dataMiB === undefined ? '' : fmt(s.dataMiB)} |`),
  ];
}

/** One line per target: what was measured, and whether every measured case meets it. */
function targetsTable(f: Figures): string[] {
  const mockRuns = (op: string) => f.runs.filter((r) => r.target.startsWith('mock ') && r.op === op);
  const run = (target: string, op: string) => f.runs.find((r) => r.target === target && r.op === op)?.result;
  const sizes = [...new Set(f.servers.map((s) => /, (\d+)$/.exec(s.target)?.[1]).filter((s): s is string => s !== undefined))].map(Number);
  const smallest = Math.min(...sizes);
  const largest = Math.max(...sizes);
  const stores = ['file', 'in memory'];
  const rows: Array<[string, Array<[string, number]>, (value: number) => boolean, (value: number) => string]> = [];
  const express = run('bare Express 5', 'GET by id')?.rps ?? Number.NaN;
  rows.push(['GET by id ≥ 0.6× bare Express 5', mockRuns('GET by id').map((r) => [r.target, r.result.rps / express]), (v) => v >= 0.6, (v) => `${fmt(v, 2)}×`]);
  rows.push(['create order, file ≥ 0.5× in memory, 1 connection', sizes.map((size) => [`${size}`, (run(`mock file, ${size}`, 'create order, 1 conn.')?.rps ?? Number.NaN) / (run(`mock in memory, ${size}`, 'create order, 1 conn.')?.rps ?? Number.NaN)]), (v) => v >= 0.5, (v) => `${fmt(v, 2)}×`]);
  for (const op of ['create order', 'GET by id']) {
    rows.push([`${op} at ${largest} records within 1.5× of ${smallest} (req/s)`, stores.map((store) => [store, (run(`mock ${store}, ${smallest}`, op)?.rps ?? Number.NaN) / (run(`mock ${store}, ${largest}`, op)?.rps ?? Number.NaN)]), (v) => v <= 1.5, (v) => `${fmt(v, 2)}× the time`]);
  }
  rows.push([`list (page of 20) at ${largest} records ≤ 2 ms (1 connection, mean)`, stores.map((store) => [store, run(`mock ${store}, ${largest}`, 'list, page of 20, 1 conn.')?.msPerRequest ?? Number.NaN]), (v) => v <= 2, (v) => `${fmt(v, 2)} ms`]);
  rows.push([`p99 ≤ 30 ms for GETs at ${f.connections} connections`, ['GET by id', 'list, page of 20', 'status poll'].flatMap((op) => mockRuns(op).map((r): [string, number] => [`${r.target}, ${op}`, r.result.p99])), (v) => v <= 30, (v) => `${v} ms`]);
  const rss = (target: string) => f.servers.find((s) => s.target === target)?.rssPeakMiB ?? Number.NaN;
  rows.push(['RSS ≤ 150 MB (143 MiB), default dataset (peak under load)', [['in memory', rss('mock in memory, default dataset')]], (v) => v <= 150 * MIB_PER_MB, (v) => `${fmt(v, 0)} MiB`]);
  rows.push([`RSS ≤ 400 MB (381 MiB), ${largest} records (peak under load)`, stores.map((store) => [store, rss(`mock ${store}, ${largest}`)]), (v) => v <= 400 * MIB_PER_MB, (v) => `${fmt(v, 0)} MiB`]);
  return [
    '| target | measured | met |',
    '|---|---|---|',
    ...rows.map(([name, cases, ok, show]) => {
      const failing = cases.filter(([, value]) => !ok(value));
      return `| ${name} | ${cases.map(([label, value]) => `${label}: ${show(value)}`).join('; ')} | ${failing.length === 0 ? 'yes' : `**no** (${failing.length} of ${cases.length})`} |`;
    }),
  ];
}

export function report(f: Figures): string {
  const samples = f.runs.filter((r) => r.result.sample).map((r) => `- ${r.target}, ${r.op}: ${r.result.sample}`);
  return [
    machine(f),
    '',
    '"mean ms" is connections ÷ throughput (at 1 connection, what one request costs end to end); CPU per request is the',
    "server's user + system time over the run (from /proc, 10 ms ticks) divided by the requests answered; \"× Prism",
    'static" compares the same operation; "first request" is the first of that operation on its server, sent alone before',
    "any load (blank where the server's start-up was timed with it: the mock's first token, Prism's first GET by id).",
    '',
    ...runsTable(f),
    '',
    ...serversTable(f),
    '',
    '## Targets (issue 8)',
    '',
    ...targetsTable(f),
    ...(samples.length > 0 ? ['', 'Answers that were not 2xx (one request sent after the run):', '', ...samples] : []),
  ].join('\n');
}
