/**
 * The text of bench/results.md: the machine and its load, one row per interleaved comparison (median ratio and
 * range over the rounds), one per server, start-up side by side, and the targets with the figure each was judged
 * on.
 */
import { readFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { ratios, summary, WARM_UP_SECONDS, type Comparison } from './interleave.ts';
import type { LoadResult } from './load.ts';
import type { FsyncFloor } from './fsync-floor.ts';
import { ROOT, type ServerFigures } from './servers.ts';
import { startupMedians, type StartupComparison } from './startup-compare.ts';
import { fmt } from './startup-support.ts';

interface Figures {
  comparisons: Comparison[];
  servers: ServerFigures[];
  /** The fsync floor's rounds, run right after the create-order comparison. */
  floors: FsyncFloor[];
  /** Heap bytes per record at rest, by collection. */
  perRecord: Record<string, number>;
  startup: StartupComparison;
  quick: boolean;
  tookS: number;
  /** The 1, 5 and 15 minute load averages before and after the run (other work on the machine shows here). */
  loadBefore: number[];
  loadAfter: number[];
}

const MIB_PER_MB = 1e6 / 2 ** 20;
const loadAverage = (values: number[]) => values.map((n) => n.toFixed(2)).join(' ');
const span = (values: number[], digits: number, unit = '') => {
  const s = summary(values);
  return `${fmt(s.median, digits)}${unit} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
};

function version(pkg: string): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
}

function machine(f: Figures): string {
  const cpu = cpus();
  const counts = [...new Set(f.comparisons.map((c) => c.rounds.length))].sort((a, b) => b - a);
  const rounds = counts.length > 1 ? `${counts[0]} interleaved rounds for the comparisons with the bare servers, ${counts.slice(1).join(' or ')} for the others` : `${counts[0] ?? 0} interleaved rounds per comparison`;
  return [
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; Node ${process.version}, ${process.platform}/${process.arch} ${release()}; ` +
      `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB.`,
    `**Load average ${loadAverage(f.loadBefore)} before the run, ${loadAverage(f.loadAfter)} after it** (1, 5, 15 min).`,
    `autocannon ${version('autocannon')}; 127.0.0.1; ${rounds}, after a ${WARM_UP_SECONDS} s warm-up run of each side that is not kept${f.quick ? ' (--quick)' : ''}; the whole run took ${fmt(f.tookS / 60)} min.`,
  ].join('\n');
}

const side = (c: Comparison, index: 0 | 1, pick: (r: LoadResult) => number, digits: number) => span(c.rounds.map((round) => pick(round[index])), digits);

function comparisonsTable(f: Figures): string[] {
  return [
    '| comparison (A ÷ B) | conn. × s | ratio, median (range) | A req/s | B req/s | A p99 ms | B p99 ms | A CPU µs/req | B CPU µs/req | non-2xx |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...f.comparisons.map((c) => {
      const non2xx = c.rounds.reduce((sum, [a, b]) => sum + a.non2xx + b.non2xx, 0);
      return `| ${c.label} (A: ${c.names[0]}, B: ${c.names[1]}) | ${c.connections} × ${c.seconds} | **${span(ratios(c), 2, '×')}** | ` +
        `${side(c, 0, (r) => r.rps, 0)} | ${side(c, 1, (r) => r.rps, 0)} | ${side(c, 0, (r) => r.p99, 0)} | ${side(c, 1, (r) => r.p99, 0)} | ` +
        `${side(c, 0, (r) => r.cpuUs, 0)} | ${side(c, 1, (r) => r.cpuUs, 0)} | ${non2xx} |`;
    }),
  ];
}

function serversTable(f: Figures): string[] {
  return [
    '| server | start-up to "listening" ms | to first 2xx ms | RSS at rest MiB | RSS peak (under load, and while stopping) MiB | RSS after MiB | SIGTERM → exit ms | data file MiB |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...f.servers.map((s) => `| ${s.target} | ${fmt(s.listeningMs, 0)} | ${fmt(s.firstResponseMs, 0)} | ${fmt(s.rssRestMiB, 0)} | ${fmt(s.rssPeakMiB, 0)} | ${fmt(s.rssAfterMiB, 0)} | ${fmt(s.stopMs, 0)} | ${s.dataMiB === undefined ? '' : fmt(s.dataMiB)} |`),
  ];
}

/** One line per target: the measured figure and whether it meets the goal. */
function targetsTable(f: Figures): string[] {
  const find = (start: string) => f.comparisons.find((c) => c.label.startsWith(start));
  const rows: Array<[string, string, boolean]> = [];
  const ratioRow = (goal: string, c: Comparison | undefined, ok: (v: number) => boolean) => {
    if (c) rows.push([goal, `${span(ratios(c), 2, '×')}`, ok(summary(ratios(c)).median)]);
  };
  const get = find('GET by id: mock');
  ratioRow('GET by id ≥ 2.0× bare Express 5 (median ratio)', get, (v) => v >= 2.0);
  if (get) {
    const p99 = get.rounds.map(([a]) => a.p99);
    rows.push(['GET p99 ≤ 30 ms at 50 connections', `mock ${span(p99, 0, ' ms')}; bare Express ${side(get, 1, (r) => r.p99, 0)} ms`, summary(p99).median <= 30]);
  }
  const rss = (prefix: string) => f.servers.find((s) => s.target.startsWith(prefix));
  const defaults = rss('mock, default dataset');
  if (defaults) rows.push(['RSS ≤ 150 MB (143 MiB) under 50-connection load, default dataset', `${fmt(defaults.rssPeakMiB, 0)} MiB peak (${fmt(defaults.rssRestMiB, 0)} at rest)`, defaults.rssPeakMiB <= 150 * MIB_PER_MB]);
  const large = f.servers.filter((s) => s.target.startsWith('mock file, ')).sort((a, b) => b.target.length - a.target.length)[0];
  if (large) rows.push([`RSS ≤ 400 MB (381 MiB), ${large.target}, under load and its checkpoint`, `${fmt(large.rssPeakMiB, 0)} MiB peak; start to first 2xx ${fmt(large.firstResponseMs, 0)} ms`, large.rssPeakMiB <= 400 * MIB_PER_MB]);
  const fileSmall = f.servers.find((s) => s.target === 'mock file, 1000');
  const memoryWrites = f.servers.find((s) => s.target.startsWith('mock in memory, for the create-order'));
  if (fileSmall && memoryWrites) {
    rows.push([
      'RSS peak, file store from 1 000 records after the create-order runs ≤ 2 × the in-memory one',
      `${fmt(fileSmall.rssPeakMiB, 0)} MiB (after ${fmt(fileSmall.rssAfterMiB, 0)}; data file ${fmt(fileSmall.dataMiB ?? Number.NaN)} MiB); in memory ${fmt(memoryWrites.rssPeakMiB, 0)} MiB`,
      fileSmall.rssPeakMiB <= 2 * memoryWrites.rssPeakMiB,
    ]);
  }
  const up = startupMedians(f.startup);
  rows.push(['start-up to first answer ≤ 250 ms', `${fmt(up.mock, 0)} ms median (bare Express ${fmt(up.express, 0)} ms); CPU ${fmt(up.mockCpu, 0)} ms (Express ${fmt(up.expressCpu, 0)})`, up.mock <= 250]);
  const express = rss('bare Express 5');
  if (defaults && express) rows.push(['RSS at rest ≤ 1.3 × bare Express 5, default dataset', `${fmt(defaults.rssRestMiB, 0)} MiB (bare Express ${fmt(express.rssRestMiB, 0)}: ${fmt(defaults.rssRestMiB / express.rssRestMiB, 2)}×)`, defaults.rssRestMiB <= 1.3 * express.rssRestMiB]);
  const create = find('create order, 1 connection');
  ratioRow('create order, file ≥ 0.6× in memory, 1 connection', create, (v) => v >= 0.6);
  const floor = summary(f.floors.map((one) => one.perSecond)).median;
  if (create && f.floors.length > 0) {
    // The best a durable create order can do at one connection: the in-memory one's time plus one fsync, in turn.
    const best = create.rounds.map(([, memory]) => 1 / (1 / memory.rps + 1 / floor));
    const ofFloor = create.rounds.map(([file], round) => file.rps / best[round]!);
    const reach = summary(best).median;
    rows.push([
      'or, if 0.6× is beyond the fsync: create order, file, within 10 % of its floor (the in-memory create\'s time + one fsync of the floor)',
      `${span(ofFloor, 2, '×')} of the floor; floor ${fmt(reach, 0)} req/s (in memory ${fmt(summary(create.rounds.map(([, m]) => m.rps)).median, 0)} req/s, fsync ${fmt(floor, 0)} writes/s); 0.6× in memory needs the fsync under ${fmt(summary(create.rounds.map(([, m]) => 1e6 / (0.6 * m.rps) - 1e6 / m.rps)).median, 0)} µs, it takes ${fmt(1e6 / floor, 0)} µs`,
      summary(ofFloor).median >= 0.9,
    ]);
    const extraCpu = create.rounds.map(([file, memory]) => file.cpuUs - memory.cpuUs);
    const floorCpu = summary(f.floors.map((one) => one.cpuUs)).median;
    rows.push([
      'create order, file, CPU per request ≤ in memory + 120 µs',
      `+${span(extraCpu, 0, ' µs')} (file ${fmt(summary(create.rounds.map(([a]) => a.cpuUs)).median, 0)}, memory ${fmt(summary(create.rounds.map(([, b]) => b.cpuUs)).median, 0)}); the bare loop's own CPU per durable write: ${fmt(floorCpu, 0)} µs`,
      summary(extraCpu).median <= 120,
    ]);
  }
  ratioRow('GET by id ≥ 0.75× bare node:http (median ratio)', find('GET by id: mock ÷ bare node:http'), (v) => v >= 0.75);
  const list = find('list (page of 20)');
  if (list) {
    const ms = list.rounds.map(([a]) => a.msPerRequest);
    rows.push(['list (page of 20) at the large size ≤ 2 ms (1 connection, mean)', span(ms, 2, ' ms'), summary(ms).median <= 2]);
  }
  ratioRow('GET by id at the large size within 1.5× of 1000 (time)', find('GET by id, file'), (v) => v <= 1.5);
  ratioRow('create order at the large size within 1.5× of 1000 (time)', find('create order, file'), (v) => v <= 1.5);
  return ['| target | measured: median (range) | met |', '|---|---|---|', ...rows.map(([goal, measured, ok]) => `| ${goal} | ${measured} | ${ok ? 'yes' : '**no**'} |`)];
}

export function report(f: Figures): string {
  const up = startupMedians(f.startup);
  return [
    machine(f),
    '',
    'Each comparison ran its two servers in turn, A B A B …: a ratio is taken within a round, between runs seconds',
    "apart. \"time\" comparisons give B's throughput over A's (how many times longer A takes). CPU per request is the",
    "server's user + system time over a run (/proc, 10 ms ticks) over the requests answered.",
    '',
    ...comparisonsTable(f),
    '',
    `Start-up, spawn → first 2xx, spawned in turn (${f.startup.rounds.length} rounds after a discarded pair): ${f.startup.names[0]} ` +
      `${fmt(up.mock, 0)} ms median (${f.startup.rounds.map(([a]) => fmt(a, 0)).join(', ')}); ${f.startup.names[1]} ${fmt(up.express, 0)} ms ` +
      `(${f.startup.rounds.map(([, b]) => fmt(b, 0)).join(', ')}). CPU time at that first 2xx (user + system, steadier under load): mock ` +
      `${fmt(up.mockCpu, 0)} ms, bare Express ${fmt(up.expressCpu, 0)} ms.`,
    '',
    ...serversTable(f),
    '',
    `The fsync floor (a bare \`fs.writeSync\` + \`fdatasync\` loop, ${f.floors[0]?.bytes ?? 0} bytes each, the journal bytes of one create order, written in place over reserved zeros as the journal writes them): ` +
      `${span(f.floors.map((one) => one.perSecond), 0, ' writes/s')} over ${f.floors.length} rounds, ${span(f.floors.map((one) => one.cpuUs), 0, ' µs')} of CPU per write; ` +
      `the same loop appending to a growing file: ${span(f.floors.map((one) => one.appending.perSecond), 0, ' writes/s')}, ${span(f.floors.map((one) => one.appending.cpuUs), 0, ' µs')} of CPU per write.`,
    `Bytes per record at rest (heap after a full GC, indexes included): ${Object.entries(f.perRecord).map(([kind, bytes]) => `${kind} ${fmt(bytes, 0)}`).join(', ')}.`,
    '',
    '## Targets',
    '',
    ...targetsTable(f),
  ].join('\n');
}
