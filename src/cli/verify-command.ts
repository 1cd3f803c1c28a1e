/**
 * `commerce-mock verify [pacts…]`: verifies Pact files against a provider and prints the drift report. Without
 * `--provider-base-url` it starts the mock itself (in memory, on a free loopback port) for the run. Exit 0 when
 * nothing failed (not verifiable is not a failure), 1 when an interaction failed, 2 on a usage problem, 3 when
 * Pact's verifier (an optional peer dependency) is not installed.
 */
import type { Command } from 'commander';
import { withExamples } from './help-text.ts';
import { resolveConfig } from './options.ts';
import { reportFolderProblem, writeReportFolder } from './report-folder.ts';
import { renderMarkdown, renderTerminal, type DriftReport } from '../verify/drift-report.ts';
import { pactFilesIn, readPactFile } from '../conformance/pact-file.ts';
import { printable } from '../platform/printable.ts';
import { connectProvider, ProviderUnreachable, StateSetupError, type ProviderTarget } from '../provider-states/provider-api.ts';
import { restoreLeftState } from '../verify/target-state.ts';
import { verifyPacts, VerifyStopped } from '../verify/verify-pacts.ts';
import { loadPactCore } from '../verify/pact-core.ts';
import { painter } from '../platform/colour.ts';
import { SHIPPED } from '../platform/package-files.ts';
import { startServer, type CliIo } from '../server/start-server.ts';

/** The contracts this package ships: its own `pacts/` directory. */
export const SHIPPED_PACTS = SHIPPED.pacts;

/** What `--report DIR` holds (report-folder.ts). */
export const VERIFY_REPORT_FILES = { json: 'verify-report.json', markdown: 'verify-report.md' } as const;

/** Exit code when Pact's verifier is not installed: nothing was run, and a usage fix would not help. */
const EXIT_NO_VERIFIER = 3;

/** Exit codes of a run stopped by a signal, as a shell reports them (128 + the signal's number). */
const EXIT_SIGINT = 130;
const EXIT_SIGTERM = 143;

interface VerifyFlags {
  pact: string[];
  providerBaseUrl?: string;
  clientId?: string;
  clientSecret?: string;
  target: string;
  adminToken?: string;
  scenario?: string;
  scenarios?: string;
  report?: string;
  restore?: boolean;
  verbose?: boolean;
}

export function defineVerifyCommand(program: Command, io: CliIo, env: Record<string, string | undefined>, run: (command: Promise<number>) => void): void {
  const command = program
    .command('verify')
    .description('verify Pact contracts against the mock (started for the run) or any provider base URL: the drift report')
    .argument('[pacts...]', 'pact files or directories (default: the pacts/ directory of commerce-mock)')
    .option('--pact <file>', 'a pact file or directory (repeatable)', (value: string, all: string[]) => [...all, value], [])
    .option('--provider-base-url <url>', 'the provider to verify (default: start the mock for the run)')
    .option('--client-id <id>', 'client credentials on the provider (env COMMERCE_CLIENT_ID; default mock-client)')
    .option('--client-secret <secret>', 'env COMMERCE_CLIENT_SECRET; default mock-secret')
    .option('--target <kind>', 'auto (ask for the admin API), mock or real', 'auto')
    .option('--admin-token <token>', "a mock's admin token on a non-loopback host (env COMMERCE_MOCK_ADMIN_TOKEN)")
    .option('--scenario <name>', 'global scenario of the mock started for the run')
    .option('--scenarios <dir>', 'scenario files of the mock started for the run')
    .option('--report <dir>', `a folder to write the report in as ${Object.values(VERIFY_REPORT_FILES).join(' and ')} (made when missing)`)
    .option('--restore', 'only give the mock at --provider-base-url the state a killed run left saved, then exit')
    .option('--verbose', "list every interaction, the verified too, and print the Pact verifier's own output")
    .action((positional: string[], flags: VerifyFlags) => run(verify([...positional, ...flags.pact], flags, env, io)));
  withExamples(command, 'verify', [
    'commerce-mock verify ./pacts                         # against a mock started for the run',
    'commerce-mock verify ./pacts --verbose               # every interaction, and the Pact verifier\'s own output',
    'commerce-mock verify ./pacts --provider-base-url http://127.0.0.1:4010 --report verify-report',
    'commerce-mock verify ./pacts --provider-base-url https://sandbox.example --target real',
  ]);
}

async function verify(paths: string[], flags: VerifyFlags, env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  if (!['auto', 'mock', 'real'].includes(flags.target)) return usage(io, `--target: expected auto, mock or real, got "${flags.target}"`);
  const reportProblem = flags.report === undefined ? undefined : reportFolderProblem(flags.report, Object.values(VERIFY_REPORT_FILES));
  if (reportProblem) return usage(io, reportProblem);
  const { files, unreadable } = pactFilesIn(paths.length > 0 ? paths : [SHIPPED_PACTS]);
  const read = files.map(readPactFile);
  const problems = [...unreadable, ...read.flatMap((outcome) => (outcome.ok ? [] : [outcome]))];
  if (problems.length > 0) return usage(io, problems.map(({ file, reason }) => `${printable(file)}: ${printable(reason)}`).join('\n'));
  const pacts = read.flatMap((outcome) => (outcome.ok ? [outcome.pact] : []));
  const credentials = {
    clientId: flags.clientId ?? env['COMMERCE_CLIENT_ID'] ?? 'mock-client',
    clientSecret: flags.clientSecret ?? env['COMMERCE_CLIENT_SECRET'] ?? 'mock-secret',
  };
  const target = (baseUrl: string): ProviderTarget => ({
    baseUrl,
    credentials,
    mode: flags.target as ProviderTarget['mode'],
    adminToken: flags.adminToken ?? env['COMMERCE_MOCK_ADMIN_TOKEN'],
  });
  if (flags.restore) return restoreOnly(flags.providerBaseUrl ? target(flags.providerBaseUrl) : undefined, io);
  const verifier = await loadPactCore();
  if (!verifier.ok) {
    io.stderr(`commerce-mock verify: ${verifier.problem}\n`);
    return EXIT_NO_VERIFIER;
  }
  const colour = io.colour?.stdout === true;
  // The verifier's own report (colour escapes included) only when asked for, and plain when not on a terminal.
  const onVerifierOutput = flags.verbose ? (output: string) => io.stdout(colour ? output : withoutEscapes(output)) : undefined;
  let report: DriftReport | number;
  try {
    report = flags.providerBaseUrl
      ? await verifyPacts({ pacts, target: target(flags.providerBaseUrl), stop: io.stop, onVerifierOutput })
      : await withOwnMock(flags, io, (baseUrl) => verifyPacts({ pacts, target: target(baseUrl), stop: io.stop, keepTargetState: false, onVerifierOutput }));
  } catch (error) {
    if (error instanceof ProviderUnreachable) return usage(io, error.message);
    if (error instanceof VerifyStopped) {
      io.stderr(`commerce-mock verify: stopped (${error.reason}); the provider has its state back\n`);
      return error.reason === 'SIGINT' ? EXIT_SIGINT : EXIT_SIGTERM;
    }
    throw error;
  }
  if (typeof report === 'number') return report;
  io.stdout(renderTerminal(report, { verbose: flags.verbose === true, paint: painter(colour) }));
  if (flags.report !== undefined) {
    const written = writeReportFolder(flags.report, {
      [VERIFY_REPORT_FILES.json]: `${JSON.stringify(report, null, 2)}\n`,
      [VERIFY_REPORT_FILES.markdown]: renderMarkdown(report),
    });
    if (!written.ok) return usage(io, written.problem);
    io.stdout(`${written.line}\n`);
  }
  return report.summary.failed > 0 ? 1 : 0;
}

/** Starts the mock in this process for the run, and stops it after; a refused start is a usage problem (2). */
async function withOwnMock(flags: VerifyFlags, io: CliIo, use: (baseUrl: string) => Promise<DriftReport>): Promise<DriftReport | number> {
  const resolved = resolveConfig(
    { port: 0, host: '127.0.0.1', inMemory: true, logLevel: 'error', scenario: flags.scenario, scenarios: flags.scenarios },
    {},
  );
  if (!resolved.ok) return usage(io, resolved.problems.join('; '));
  // Its own stop: the mock keeps serving while a stopped run gives it its state back, then stops.
  const stop = new AbortController();
  let listening: (baseUrl: string) => void = () => undefined;
  const started = new Promise<string>((resolve) => (listening = resolve));
  const server = startServer(resolved.config, { stdout: () => undefined, stderr: io.stderr, stop: stop.signal, listening });
  const first = await Promise.race([started, server]);
  if (typeof first !== 'string') return first.ok ? 1 : usage(io, first.problems.join('; '));
  try {
    return await use(first);
  } finally {
    stop.abort('verify done');
    await server;
  }
}

/** `--restore`: the recovery step after a run killed outright (target-state.ts). */
async function restoreOnly(target: ProviderTarget | undefined, io: CliIo): Promise<number> {
  if (!target) return usage(io, '--restore: needs --provider-base-url (the mock whose state a killed run left saved)');
  try {
    const restored = await restoreLeftState(await connectProvider({ ...target, mode: 'mock' }), target.baseUrl);
    io.stdout(restored ? `${target.baseUrl}: the state saved by a killed verify run is restored\n` : `${target.baseUrl}: no state left to restore\n`);
    return 0;
  } catch (error) {
    if (error instanceof ProviderUnreachable || error instanceof StateSetupError) return usage(io, error.message);
    throw error;
  }
}

/** Text without its terminal escapes (colour, cursor moves): what a file or a pipe should hold. */
function withoutEscapes(text: string): string {
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
}

function usage(io: CliIo, problem: string): number {
  io.stderr(`commerce-mock verify: ${problem}\n`);
  return 2;
}
