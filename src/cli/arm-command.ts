/**
 * `commerce-mock arm <outcome>`: arms an outcome of the catalogue on a running mock for a client's next move (its
 * next request, order placed, subscription charge or webhook delivery; docs/arming.md); `--list` prints what is
 * armed, `--disarm <id|all>` disarms. Exit 0 done; 1 the mock refused for what it holds (20 armed already, or an
 * answer the command does not expect); 2 for what the command line must change (a flag, an unknown outcome, one only
 * the integration causes, an unknown client or armed id, no mock at --url). A refused command changes nothing.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { printable } from '../platform/printable.ts';
import { ARMABLE_OUTCOME_IDS } from '../armed/armable-ids.ts';
import { CLIENT_ID_MAX_LENGTH } from '../domain/ids.ts';
import type { CliIo } from '../server/start-server.ts';
import { armAdmin, type ArmAnswer } from './arm-admin.ts';
import { armedLines, DEFAULT_MOCK_URL, disarmedAllLine, disarmedLine, listedLines, type ArmTarget } from './arm-lines.ts';
import { withExamples } from './help-text.ts';
import { mockUrlProblem, runningMockCommand } from './running-mock.ts';

interface ArmFlags {
  url: string;
  client?: string;
  times?: number;
  operation?: string;
  list?: boolean;
  disarm?: string;
  adminToken?: string;
}

/** What spec/admin.yaml takes: `times` 1 to 100, an operation of 1 to 200 characters. */
const MAX_TIMES = 100;
const MAX_OPERATION_LENGTH = 200;

export function defineArmCommand(program: Command, io: CliIo, env: Record<string, string | undefined>, run: (command: Promise<number>) => void): void {
  const command = runningMockCommand(program, 'arm', "arm an outcome on a running mock for a client's next move (request, order, charge or webhook delivery); --list, --disarm")
    .argument('[outcome]', `an outcome id that can be armed: ${ARMABLE_OUTCOME_IDS.join(', ')}`)
    .option('--client <id>', 'the client (env COMMERCE_CLIENT_ID; default mock-client)')
    .addOption(new Option('--times <n>', `how many of its moves meet it, 1 to ${MAX_TIMES} (default 1)`).argParser(timesOf))
    .option('--operation <op>', 'only for an outcome met on a request: an operationId (createOrder) or a path pattern (/v1/orders/*)')
    .option('--list', 'print what is armed for the client, with how many times each fired')
    .option('--disarm <id|all>', 'disarm one armed outcome by its id, or all of the client\'s')
    .action((outcome: string | undefined, flags: ArmFlags) => run(arm(outcome, flags, env, io)));
  withExamples(command, 'arm', [
    'commerce-mock arm payer.INSUFFICIENT_BALANCE          # mock-client\'s next order placed fails for want of money',
    'commerce-mock arm server.503 --operation createOrder --times 2',
    'commerce-mock arm webhook.duplicate-received --client shop-two',
    'commerce-mock arm --list                              # what is armed for mock-client',
    'commerce-mock arm --disarm all',
  ]);
}

function timesOf(value: string): number {
  const times = Number(value);
  if (!/^\d{1,3}$/.test(value) || times < 1 || times > MAX_TIMES) throw new InvalidArgumentError(`expected a whole number from 1 to ${MAX_TIMES}, got "${value}".`);
  return times;
}

async function arm(outcome: string | undefined, flags: ArmFlags, env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const usage = (problem: string) => (io.stderr(`commerce-mock arm: ${printable(problem)}\n`), 2);
  const problem = flagProblem(outcome, flags);
  if (problem) return usage(problem);
  const target: ArmTarget = { clientId: flags.client ?? env['COMMERCE_CLIENT_ID'] ?? 'mock-client', mockUrl: flags.url };
  const admin = armAdmin(target, flags.adminToken ?? env['COMMERCE_MOCK_ADMIN_TOKEN']);
  const print = <T>(answer: ArmAnswer<T>, lines: (value: T) => string[]): number => {
    if (!answer.ok) return answer.usage ? usage(answer.problem) : (io.stderr(`commerce-mock arm: ${printable(answer.problem)}\n`), 1);
    for (const line of lines(answer.value)) io.stdout(`${line}\n`);
    return 0;
  };
  if (flags.list) return print(await admin.list(), (list) => listedLines(list, target));
  if (flags.disarm === 'all') return print(await admin.disarmAll(), (count) => [disarmedAllLine(count, target.clientId)]);
  if (flags.disarm !== undefined) return print(await admin.disarm(flags.disarm), (disarmed) => [disarmedLine(disarmed)]);
  const asked = { outcome: outcome ?? '', times: flags.times ?? 1, operation: flags.operation };
  return print(await admin.arm(asked), (armed) => armedLines(armed, target));
}

/** What is wrong with the command line before the mock is asked anything. */
function flagProblem(outcome: string | undefined, flags: ArmFlags): string | undefined {
  const asked = [outcome !== undefined && `an outcome (${outcome})`, flags.list && '--list', flags.disarm !== undefined && '--disarm'].filter(Boolean);
  if (asked.length === 0) return 'give an outcome to arm (npx commerce-mock arm payer.INSUFFICIENT_BALANCE), --list or --disarm <id|all>; --help lists the outcomes';
  if (asked.length > 1) return `${asked.join(' and ')}: one at a time`;
  if (outcome === undefined && (flags.times !== undefined || flags.operation !== undefined)) return `${flags.times !== undefined ? '--times' : '--operation'} goes with an outcome to arm, not with ${flags.list ? '--list' : '--disarm'}`;
  if (outcome === '') return 'the outcome is empty; expected an outcome id such as payer.INSUFFICIENT_BALANCE';
  if (flags.disarm === '') return '--disarm: empty; expected an armed outcome\'s id (npx commerce-mock arm --list shows them) or all';
  if (flags.operation !== undefined && (flags.operation === '' || flags.operation.length > MAX_OPERATION_LENGTH)) {
    return `--operation: expected an operationId or a path pattern of 1 to ${MAX_OPERATION_LENGTH} characters`;
  }
  if (flags.client !== undefined && (flags.client === '' || flags.client.length > CLIENT_ID_MAX_LENGTH)) return `--client: expected a client id of 1 to ${CLIENT_ID_MAX_LENGTH} characters (default mock-client)`;
  const urlProblem = mockUrlProblem(flags.url);
  if (urlProblem) return urlProblem;
  return undefined;
}
