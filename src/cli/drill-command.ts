/**
 * `commerce-mock drill --url <receiver>`: runs a webhook drill against a merchant's receiver and gives a verdict.
 * The drill runs in a mock (a running one with `--mock`, else one started in process for the run, configured by
 * `--config`), through its admin API (`POST /__admin/drills`, then `GET` until it is over): the plan is printed
 * first, each case's verdict as it finishes, then a summary. Exit 0 when every case passed, 1 when one failed, 2
 * for a usage problem or a receiver that cannot be reached.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { printable } from '../conformance/printable.ts';
import { drillSummary, renderDrillJUnit, renderDrillJson, renderDrillMarkdown, REPORT_FILES } from '../drills/drill-report.ts';
import type { Drill } from '../drills/drill-run.ts';
import { launchServer, type CliIo } from '../server/start-server.ts';
import { resolveConfig } from './options.ts';
import { caseLine, planLines } from './drill-lines.ts';

interface DrillFlags {
  url: string;
  mock?: string;
  config?: string;
  client?: string;
  format?: 'mock' | 'standard';
  secret?: string;
  timeout?: number;
  seed?: number;
  report?: string;
  adminToken?: string;
}

const POLL_MS = 100;

export function defineDrillCommand(program: Command, io: CliIo, env: Record<string, string | undefined>, run: (command: Promise<number>) => void): void {
  program
    .command('drill')
    .description("test a webhook receiver: send it a seeded plan of deliveries (valid, duplicate, forged, stale, …) and judge each answer")
    .requiredOption('--url <receiver>', 'the webhook receiver to drill')
    .option('--mock <url>', 'a running mock to run the drill in (default: one started for the run)')
    .option('--config <file>', "the started mock's configuration file (its clients and their webhook endpoints)")
    .option('--client <id>', 'the client whose endpoint gives the format and the secret by default (default mock-client)')
    .addOption(new Option('--format <format>', "how deliveries are signed (default: the client's endpoint format, else standard)").choices(['mock', 'standard']))
    .option('--secret <secret>', "the secret the receiver verifies with (env COMMERCE_WEBHOOK_SECRET; default: the client's endpoint secret)")
    .addOption(new Option('--timeout <seconds>', 'real seconds the receiver has to answer each delivery (default 5)').argParser(positiveSeconds))
    .addOption(new Option('--seed <n>', 'the plan\'s seed, to repeat a drill (default: a fresh one, printed)').argParser(wholeNumber))
    .option('--report <dir>', 'write drill-report.json, drill-report.md and drill-junit.xml there')
    .option('--admin-token <token>', "the running mock's admin token on a non-loopback host (env COMMERCE_MOCK_ADMIN_TOKEN)")
    .action((flags: DrillFlags) => run(drill(flags, env, io)));
}

function positiveSeconds(value: string): number {
  const seconds = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || seconds < 0.05 || seconds > 60) throw new InvalidArgumentError(`expected seconds between 0.05 and 60, got "${value}".`);
  return seconds;
}

function wholeNumber(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new InvalidArgumentError(`expected a whole number, got "${value}".`);
  return Number(value);
}

async function drill(flags: DrillFlags, env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const usage = (problem: string) => (io.stderr(`commerce-mock drill: ${printable(problem)}\n`), 2);
  if (flags.mock !== undefined) return drillIn(flags.mock, flags, env, io, usage);
  const resolved = resolveConfig({ port: 0, host: '127.0.0.1', inMemory: true, logLevel: 'error', ...(flags.config ? { config: flags.config } : {}) }, {});
  if (!resolved.ok) return usage(resolved.problems.join('; '));
  const stop = new AbortController();
  const launched = await launchServer(resolved.config, { stdout: () => undefined, stderr: io.stderr, stop: stop.signal });
  if (!('running' in launched)) return launched.ok ? 2 : usage(launched.problems.join('; '));
  try {
    return await drillIn(launched.running.url, flags, env, io, usage);
  } finally {
    await launched.running.stop('drill done');
  }
}

async function drillIn(mockUrl: string, flags: DrillFlags, env: Record<string, string | undefined>, io: CliIo, usage: (problem: string) => number): Promise<number> {
  const adminToken = flags.adminToken ?? env['COMMERCE_MOCK_ADMIN_TOKEN'];
  const admin = adminCall(mockUrl, adminToken);
  const secret = flags.secret ?? env['COMMERCE_WEBHOOK_SECRET'];
  const body = {
    url: flags.url,
    ...(flags.client !== undefined ? { clientId: flags.client } : {}),
    ...(flags.format !== undefined ? { format: flags.format } : {}),
    ...(secret ? { secret } : {}),
    ...(flags.timeout !== undefined ? { timeoutSeconds: flags.timeout } : {}),
    ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
  };
  const started = await admin('POST', '/drills', body);
  if (!started.ok) return usage(started.problem);
  let current = started.drill;
  for (const line of planLines(current)) io.stdout(`${line}\n`);
  let shown = 0;
  const showFinished = () => {
    while (shown < current.cases.length && current.cases[shown]?.verdict !== 'pending') io.stdout(`${caseLine(current.cases[shown++] as Drill['cases'][number])}\n`);
  };
  while (current.status === 'running') {
    // Asked to stop (Ctrl-C): what was judged so far is printed; the verdict is not given.
    if (io.stop.aborted) return (io.stderr(`commerce-mock drill: stopped before every case was judged\n`), 1);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const read = await admin('GET', `/drills/${encodeURIComponent(current.id)}`);
    if (!read.ok) return usage(read.problem);
    current = read.drill;
    showFinished();
  }
  if (flags.report !== undefined) writeReports(flags.report, current);
  if (current.status === 'unreachable') return usage(current.problem ?? `the receiver at ${flags.url} cannot be reached`);
  const summary = drillSummary(current);
  io.stdout(`\n${summary.passed} passed, ${summary.failed} failed${summary.failed ? `: ${summary.failedNames.join(', ')}` : ''} (seed ${current.seed})\n`);
  if (flags.report !== undefined) io.stdout(`reports in ${printable(flags.report)}: ${Object.values(REPORT_FILES).join(', ')}\n`);
  return current.status === 'passed' ? 0 : 1;
}

function writeReports(dir: string, finished: Drill): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, REPORT_FILES.json), renderDrillJson(finished));
  writeFileSync(join(dir, REPORT_FILES.markdown), renderDrillMarkdown(finished));
  writeFileSync(join(dir, REPORT_FILES.junit), renderDrillJUnit(finished));
}

type AdminAnswer = { ok: true; drill: Drill } | { ok: false; problem: string };

/** One call of the mock's admin drill routes: the drill, or what the mock (or the network) said was wrong. */
function adminCall(mockUrl: string, adminToken: string | undefined) {
  const base = `${mockUrl.replace(/\/+$/, '')}/__admin`;
  return async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<AdminAnswer> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(adminToken ? { Authorization: `Bearer ${adminToken}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      return { ok: false, problem: `the mock at ${mockUrl} cannot be reached: ${String((error as Error).cause ?? error)}` };
    }
    const answer = (await response.json().catch(() => ({}))) as { data?: Drill; message?: string; details?: Array<{ path: string; message: string }> };
    if (response.ok && answer.data) return { ok: true, drill: answer.data };
    const details = (answer.details ?? []).map((detail) => `${detail.path}: ${detail.message}`).join('; ');
    return { ok: false, problem: `${mockUrl} answered ${response.status}: ${answer.message ?? 'not a commerce-mock admin API'}${details ? ` (${details})` : ''}` };
  };
}
