/**
 * Start-up benchmark: npx tsx bench/startup-bench.ts [runs]   (default 10)   — or `npm run bench:startup`
 *
 * Prints figures; asserts nothing. Everything on 127.0.0.1, every wait bounded. Needs a built dist/ (`npm run build`).
 * (a) start-up: from spawning the server to the 200 of its first POST /v1/auth/token (the port is read from the
 *     "listening on" line), `runs` times after one discarded warm-up run, for: the shipped bin (dist/), the
 *     TypeScript sources through tsx (as bin ran them before the build step), and a bare Express hello-world (floor);
 *     also the gap between the "listening" line and that 200 (work left for the first request), and RSS.
 * (b) in one fresh server (--rate-limit off): for every operation of spec/openapi.yaml, in the router's order (the
 *     document's paths, each path's methods get, put, post, delete, patch) with /auth/* last, the latency of its
 *     first request vs the median of the next 5 (same request each time: the document's first JSON example as body,
 *     else {}; path parameters from their examples; a valid bearer token).
 *     Statuses do not matter (a 400 still runs the request validator); the first one is shown.
 * (c) RSS of that server (VmRSS): at rest after start-up, and after (b); each after 2 s idle.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { operationsOf } from '../src/openapi/operation-table.ts';
import { resolvedCopy } from '../src/openapi/references.ts';
import {
  firstToken, fmt, median, percentile, request, rssMiB, sleep, spawnServer, stopServer, type Spawned,
} from './startup-support.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.argv[2] ?? 10);
const FOLLOW_UPS = 5;
const IDLE_MS = 2_000;
const SERVER_FLAGS = ['start', '--in-memory', '--port', '0', '--log-level', 'error'];

const HELLO = `const express = require('express'); const app = express();
app.post('/v1/auth/token', (req, res) => res.json({ data: { access_token: 'x' } }));
const server = app.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
process.on('SIGTERM', () => process.exit(0));`;

/** src/cli/cli.ts run as bin runs dist/bundle/cli.js, but transpiled at run time. */
const SOURCES = `const { runCli } = await import(${JSON.stringify(join(ROOT, 'src', 'cli', 'cli.ts'))});
const stop = new AbortController(); process.on('SIGTERM', () => stop.abort('SIGTERM'));
process.exit(await runCli(process.argv, process.env, { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), stop: stop.signal }));`;

const VARIANTS: Array<{ name: string; args: string[] }> = [
  { name: '`node bin/commerce-mock.js` (dist/)', args: [join(ROOT, 'bin', 'commerce-mock.js'), ...SERVER_FLAGS] },
  {
    name: 'the sources through tsx (no build)',
    args: ['--import', 'tsx', '--input-type=module', '-e', SOURCES, 'commerce-mock', ...SERVER_FLAGS],
  },
  { name: 'Express hello-world, `node -e` (floor)', args: ['-e', HELLO] },
];

// ---------------------------------------------------------------- (a) start-up

interface StartRun { listeningMs: number; firstOkMs: number; gapMs: number; rss: number }

async function startOnce(args: string[]): Promise<StartRun> {
  const server = await spawnServer(args, ROOT);
  try {
    const { at } = await firstToken(server.port);
    const listeningMs = server.listeningAt - server.spawnedAt;
    return { listeningMs, firstOkMs: at - server.spawnedAt, gapMs: at - server.listeningAt, rss: rssMiB(server.child.pid) };
  } finally {
    await stopServer(server.child);
  }
}

async function startupTable(): Promise<string[]> {
  const rows = [
    '| variant | "listening" median | first 200 median | p90 | max | listening → 200, median | RSS after first 200, median |',
    '|---|--:|--:|--:|--:|--:|--:|',
  ];
  for (const variant of VARIANTS) {
    await startOnce(variant.args); // warm-up: file cache, first spawn
    const runs: StartRun[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await startOnce(variant.args));
    const ok = runs.map((run) => run.firstOkMs);
    rows.push(
      `| ${variant.name} | ${fmt(median(runs.map((run) => run.listeningMs)), 0)} ms | ${fmt(median(ok), 0)} ms | ` +
        `${fmt(percentile(ok, 0.9), 0)} ms | ${fmt(Math.max(...ok), 0)} ms | ${fmt(median(runs.map((run) => run.gapMs)), 0)} ms | ` +
        `${fmt(median(runs.map((run) => run.rss)))} MiB |`,
    );
    process.stderr.write(`  (a) ${variant.name}: done\n`);
  }
  return rows;
}

// ---------------------------------------------------------------- (b) first request per operation, (c) RSS

type Node = Record<string, unknown>;

interface Operation { id: string; method: string; path: string; body?: unknown }

/** The document's operations as the router lists them (operation-table.ts), its references resolved (references.ts). */
function operations(doc: Node): Operation[] {
  const found = operationsOf(resolvedCopy(doc)).map((op): Operation => {
    const params = op.parameters as Node[];
    const concrete = op.path.replace(/\{(\w+)\}/g, (_all, name: string) => {
      const param = params.find((p) => p.in === 'path' && p.name === name);
      return encodeURIComponent(String(param?.example ?? (param?.schema as Node | undefined)?.example ?? 'x'));
    });
    const json = ((op.requestBody as Node | undefined)?.content as Node | undefined)?.['application/json'] as Node | undefined;
    const example = json?.example ?? Object.values((json?.examples as Record<string, Node> | undefined) ?? {}).map((entry) => entry.value)[0];
    const body = op.requestBody ? (example ?? {}) : undefined;
    return { id: String(op.operationId ?? `${op.method} ${op.path}`), method: op.method.toUpperCase(), path: `/v1${concrete}`, body };
  });
  return [...found.filter((op) => !op.path.startsWith('/v1/auth/')), ...found.filter((op) => op.path.startsWith('/v1/auth/'))];
}

async function firstRequestTable(): Promise<{ rows: string[]; rss: string[] }> {
  const doc = parse(readFileSync(join(ROOT, 'spec', 'openapi.yaml'), 'utf8')) as Node;
  const server: Spawned = await spawnServer([...VARIANTS[0]!.args, '--rate-limit', 'off'], ROOT);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { token, ms: veryFirstMs } = await firstToken(server.port);
    await sleep(IDLE_MS);
    const rssStart = rssMiB(server.child.pid);
    const rows = ['| operation | first status | first | next 5, median | extra cost of the first |', '|---|--:|--:|--:|--:|',
      `| (the server's very first request, POST /v1/auth/token, not counted below) | 200 | ${fmt(veryFirstMs, 2)} ms | | |`];
    const extras: Array<{ id: string; extra: number }> = [];
    for (const op of operations(doc)) {
      const send = () => request(server.port, op.method, op.path, { body: op.body, token, agent });
      const first = await send();
      const next: number[] = [];
      for (let i = 0; i < FOLLOW_UPS; i++) next.push((await send()).ms);
      const extra = first.ms - median(next);
      extras.push({ id: op.id, extra });
      rows.push(`| ${op.method} ${op.path} (${op.id}) | ${first.status} | ${fmt(first.ms, 2)} ms | ${fmt(median(next), 2)} ms | ${fmt(extra, 2)} ms |`);
    }
    const worst = extras.reduce((a, b) => (b.extra > a.extra ? b : a));
    rows.push(`| **max** (${worst.id}) | | | | **${fmt(worst.extra, 2)} ms** |`);
    rows.push(`| median over ${extras.length} operations | | | | ${fmt(median(extras.map((e) => e.extra)), 2)} ms |`);
    await sleep(IDLE_MS);
    const rssAfter = rssMiB(server.child.pid);
    const rss = ['| server RSS (VmRSS), dist/ | MiB |', '|---|--:|', `| at rest after start-up (first token, ${IDLE_MS / 1000} s idle) | ${fmt(rssStart)} |`,
      `| after every operation ×${1 + FOLLOW_UPS}, ${IDLE_MS / 1000} s idle | ${fmt(rssAfter)} |`];
    return { rows, rss };
  } finally {
    agent.destroy();
    await stopServer(server.child);
  }
}

// ---------------------------------------------------------------- main

const startup = await startupTable();
const { rows, rss } = await firstRequestTable();
const out = [
  `## Start-up (${RUNS} runs each after 1 warm-up; spawn → 200 of the first POST /v1/auth/token)`, '', ...startup, '',
  '## First request per operation (fresh dist/ server, keep-alive connection, token already issued)', '', ...rows, '',
  '## Memory', '', ...rss, '',
  `node ${process.version}, ${process.platform}/${process.arch}`,
];
process.stdout.write(`${out.join('\n')}\n`);
