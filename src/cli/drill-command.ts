/**
 * `commerce-mock drill --url <receiver>`: runs a webhook drill against a merchant's receiver and gives a verdict.
 * The drill runs in a mock (a running one with `--mock`, else one started in process for the run, configured by
 * `--config`), through its admin API (`POST /__admin/drills`, then `GET` until it is over): the plan is printed
 * first, each case's verdict as it finishes, then a summary. Exit 0 when every case passed, 1 when one failed, 2
 * for a usage problem or a receiver that cannot be reached.
 */
import { Option, type Command } from 'commander';
import { printable } from '../platform/printable.ts';
import { drillSummary, renderDrillJUnit, renderDrillJson, renderDrillMarkdown, REPORT_FILES } from '../drills/drill-report.ts';
import type { Drill } from '../drills/drill-run.ts';
import { launchServer, type CliIo } from '../server/start-server.ts';
import { drillAdmin } from './drill-admin.ts';
import { checkedDrillFlags, positiveSeconds, wholeNumber, type DrillFlags } from './drill-flags.ts';
import { caseLine, planLines } from './drill-lines.ts';
import { withExamples } from './help-text.ts';
import { resolveConfig } from './options.ts';
import { reportFolderProblem, writeReportFolder } from './report-folder.ts';
import { SECRET_SHAPES, WEBHOOK_SECRET_ENV } from './webhook-secret-option.ts';

const POLL_MS = 100;
const DEFAULT_CLIENT = 'mock-client';

export function defineDrillCommand(program: Command, io: CliIo, env: Record<string, string | undefined>, run: (command: Promise<number>) => void): void {
  const command = program
    .command('drill')
    .description("test a webhook receiver: send it a seeded plan of deliveries (valid, duplicate, forged, stale, …) and judge each answer")
    .requiredOption('--url <receiver>', 'the webhook receiver to drill, e.g. http://127.0.0.1:3000/webhooks')
    .option('--mock <url>', 'a running mock to run the drill in (default: one started for the run)')
    .option('--config <file>', "the started mock's configuration file (its clients and their webhook endpoints)")
    .option('--client <id>', `the client whose endpoint gives the format and the secret by default (default ${DEFAULT_CLIENT})`)
    .addOption(new Option('--format <format>', "how deliveries are signed (default: the client's endpoint format, else standard)").choices(['mock', 'standard']))
    .option('--secret <secret>', `the secret the receiver verifies with (${SECRET_SHAPES}; env ${WEBHOOK_SECRET_ENV}; default: the client's endpoint secret)`)
    .addOption(new Option('--timeout <seconds>', 'real seconds the receiver has to answer each delivery (default 5)').argParser(positiveSeconds))
    .addOption(new Option('--seed <n>', 'the plan\'s seed, to repeat a drill (default: a fresh one, printed)').argParser(wholeNumber))
    .option('--report <dir>', `a folder to write ${Object.values(REPORT_FILES).join(', ')} in`)
    .option('--admin-token <token>', "the running mock's admin token on a non-loopback host (env COMMERCE_MOCK_ADMIN_TOKEN)")
    .action((flags: DrillFlags) => run(drill(flags, env, io)));
  withExamples(command, 'drill', [
    `commerce-mock drill --url http://127.0.0.1:3000/webhooks   # in a mock started for the drill; the secret from env ${WEBHOOK_SECRET_ENV}`,
    'commerce-mock drill --url http://127.0.0.1:3000/webhooks --seed 4821 --report drill-report',
    "commerce-mock drill --url http://127.0.0.1:3000/webhooks --mock http://127.0.0.1:4010   # in a running mock, with its client's endpoint",
    `node -p "'whsec_' + require('node:crypto').randomBytes(32).toString('base64')"   # a new secret, for the receiver and the drill`,
  ]);
}

async function drill(flags: DrillFlags, env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const usage = (problem: string) => (io.stderr(`commerce-mock drill: ${printable(problem)}\n`), 2);
  const checked = checkedDrillFlags(flags, env, (line) => io.stderr(`commerce-mock drill: ${line}\n`));
  if (!checked.ok) return usage(checked.problem);
  const reportProblem = flags.report === undefined ? undefined : reportFolderProblem(flags.report, Object.values(REPORT_FILES));
  if (reportProblem) return usage(reportProblem);
  const asked = { ...flags, secret: checked.secret };
  if (flags.mock !== undefined) return drillIn(flags.mock, `the mock at ${flags.mock}`, asked, env, io, usage);
  const resolved = resolveConfig({ port: 0, host: '127.0.0.1', inMemory: true, logLevel: 'error', ...(flags.config ? { config: flags.config } : {}) }, {});
  if (!resolved.ok) return usage(resolved.problems.join('; '));
  const stop = new AbortController();
  const launched = await launchServer(resolved.config, { stdout: () => undefined, stderr: io.stderr, stop: stop.signal });
  if (!('running' in launched)) return launched.ok ? 2 : usage(launched.problems.join('; '));
  try {
    return await drillIn(launched.running.url, 'the mock started for the drill', asked, env, io, usage);
  } finally {
    await launched.running.stop('drill done');
  }
}

async function drillIn(mockUrl: string, mockName: string, flags: DrillFlags, env: Record<string, string | undefined>, io: CliIo, usage: (problem: string) => number): Promise<number> {
  const admin = drillAdmin(mockUrl, mockName, flags.adminToken ?? env['COMMERCE_MOCK_ADMIN_TOKEN']);
  const body = {
    url: flags.url,
    ...(flags.client !== undefined ? { clientId: flags.client } : {}),
    ...(flags.format !== undefined ? { format: flags.format } : {}),
    ...(flags.secret !== undefined ? { secret: flags.secret } : {}),
    ...(flags.timeout !== undefined ? { timeoutSeconds: flags.timeout } : {}),
    ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
  };
  const started = await admin.start(body, { receiverUrl: flags.url, clientId: flags.client ?? DEFAULT_CLIENT, secretGiven: flags.secret !== undefined, format: flags.format });
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
    const read = await admin.read(current.id);
    if (!read.ok) return usage(read.problem);
    current = read.drill;
    showFinished();
  }
  const reports = flags.report === undefined ? undefined : writeReports(flags.report, current);
  if (reports && !reports.ok) return usage(reports.problem);
  if (current.status === 'unreachable') return usage(current.problem ?? `the receiver at ${flags.url} cannot be reached`);
  const summary = drillSummary(current);
  io.stdout(`\n${summary.passed} passed, ${summary.failed} failed${summary.failed ? `: ${summary.failedNames.join(', ')}` : ''} (seed ${current.seed})\n`);
  if (reports) io.stdout(`${reports.line}\n`);
  return current.status === 'passed' ? 0 : 1;
}

function writeReports(dir: string, finished: Drill) {
  return writeReportFolder(dir, {
    [REPORT_FILES.json]: renderDrillJson(finished),
    [REPORT_FILES.markdown]: renderDrillMarkdown(finished),
    [REPORT_FILES.junit]: renderDrillJUnit(finished),
  });
}
