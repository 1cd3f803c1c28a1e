/**
 * The command line: argv → a command → an exit code. `bin/commerce-mock.js` is the only caller that touches
 * `process`: it passes the arguments, the environment, the output streams and a signal aborted on SIGINT or
 * SIGTERM, and exits with the code this resolves to. Tests call it in process.
 */
import { Command, CommanderError } from 'commander';
import { defineArmCommand } from './arm-command.ts';
import { defineFaultsCommand } from './faults-command.ts';
import { defineDrillCommand } from './drill-command.ts';
import { HELP_WIDTH, withExamples } from './help-text.ts';
import { defineListenCommand } from './listen-command.ts';
import { defineMcpCommand } from './mcp-command.ts';
import { defineCoverageCommand } from './coverage-command.ts';
import { defineAuditCommand } from './audit-command.ts';
import { defineStartCommand, resolveConfig, type StartFlags } from './options.ts';
import { definePactCheckCommand } from './pact-check-command.ts';
import { definePactRecordCommand } from './pact-record-command.ts';
import { defineJournalCommand } from './journal-command.ts';
import { defineProxyCommand } from './proxy-command.ts';
import { defineScenarioCommands } from './scenarios-command.ts';
import { defineTriggerCommand } from './trigger-command.ts';
import { defineVerifyCommand } from './verify-command.ts';
import { colourWanted } from '../platform/colour.ts';
import { packageVersion } from '../platform/package-files.ts';
import { startServer, type CliIo } from '../server/start-server.ts';

export type { CliIo };

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export async function runCli(argv: readonly string[], env: Record<string, string | undefined>, given: CliIo): Promise<number> {
  const io: CliIo = {
    ...given,
    colour: { stdout: colourWanted(env, given.tty?.stdout === true), stderr: colourWanted(env, given.tty?.stderr === true) },
  };
  let command: Promise<number> = Promise.resolve(EXIT_OK);
  /** Each command hands runCli what it started: the one promise runCli waits for. */
  const run = (started: Promise<number>) => {
    command = started;
  };
  const program = new Command('commerce-mock')
    .description('Mock and contract-testing server for the Commerce and Subscription API')
    .version(packageVersion(), '-V, --version', 'print the version')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, getOutHelpWidth: () => HELP_WIDTH, getErrHelpWidth: () => HELP_WIDTH });
  defineStartCommand(program).action((flags: StartFlags) => run(start(flags, env, io)));
  defineScenarioCommands(program, io, (code) => run(Promise.resolve(code)));
  defineVerifyCommand(program, io, env, run);
  definePactCheckCommand(program, io, (code) => run(Promise.resolve(code)));
  defineProxyCommand(program, io, run);
  defineTriggerCommand(program, io, env, run);
  defineDrillCommand(program, io, env, run);
  defineListenCommand(program, io, env, run);
  withExamples(program, undefined, [
    'commerce-mock                                        # start the mock on http://127.0.0.1:4010',
    'commerce-mock start --help                           # every flag of start, and its default',
    'commerce-mock trigger order.paid                     # make the running mock send a webhook',
    'commerce-mock listen --forward-to http://localhost:3000/webhooks',
    'commerce-mock verify ./pacts                         # your pacts against the mock',
    'commerce-mock drill --url http://localhost:3000/webhooks  # judge your webhook receiver',
    'commerce-mock arm payer.INSUFFICIENT_BALANCE         # the next order placed fails for want of money',
    'commerce-mock faults --profile flaky-mobile --for 10m  # a flaky network for every request, 10 minutes',
    'commerce-mock mcp                                    # its MCP server over stdio, for a coding agent',
  ]);
  defineCoverageCommand(program, io, env, run);
  defineAuditCommand(program, io, env, run);
  defineArmCommand(program, io, env, run);
  defineFaultsCommand(program, io, env, run);
  defineMcpCommand(program, io, env, run);
  definePactRecordCommand(program, io, env, run);
  defineJournalCommand(program, io, env, run);
  try {
    await program.parseAsync(withDefaultCommand(argv));
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    throw error;
  }
  return command;
}

/** Flags the program itself answers; any other flag in first place belongs to `start`. */
const PROGRAM_FLAGS: ReadonlySet<string> = new Set(['-h', '--help', '-V', '--version']);

/**
 * `commerce-mock` alone, or followed by flags only, starts the mock. `start` is not commander's default command:
 * a default command takes every unknown word as its own argument ("too many arguments for 'start'"), where a
 * mistyped command should be named as one ("unknown command 'stat'", with a suggestion).
 */
function withDefaultCommand(argv: readonly string[]): string[] {
  const [node = 'node', script = 'commerce-mock', first, ...rest] = argv;
  if (first !== undefined && (!first.startsWith('-') || PROGRAM_FLAGS.has(first))) return [...argv];
  return [node, script, 'start', ...(first === undefined ? [] : [first]), ...rest];
}

async function start(flags: StartFlags, env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const resolved = resolveConfig(flags, env);
  if (!resolved.ok) return usageError(io, resolved.problems);
  const outcome = await startServer(resolved.config, io);
  return outcome.ok ? outcome.stopped : usageError(io, outcome.problems);
}

function usageError(io: CliIo, problems: readonly string[]): number {
  for (const problem of problems) io.stderr(`commerce-mock: ${problem}\n`);
  return EXIT_USAGE;
}
