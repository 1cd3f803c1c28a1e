/**
 * `commerce-mock faults --profile <name>`: applies a network profile (docs/network-failures.md#profiles) to a client
 * of a running mock, for `--for` of the client's clock or until removed, from `--seed` (printed, so the run can be
 * repeated); `--clear` removes it; `--list` prints the profiles the mock can apply and the client's. Exit 0 done; 1
 * the mock refused for another reason; 2 for what the command line must change (a flag, an unknown profile or
 * client, no mock at --url). A refused command changes nothing.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { adminTransport } from '../admin-http/admin-transport.ts';
import { failure } from '../errors/failures.ts';
import { printable } from '../platform/printable.ts';
import { closestWord } from '../platform/did-you-mean.ts';
import { CLIENT_ID_MAX_LENGTH } from '../domain/ids.ts';
import { MAX_PROFILE_SECONDS } from '../armed/network-profile-schema.ts';
import type { CliIo } from '../server/start-server.ts';
import { adminCalled, adminRefusal, type AdminCalled } from './admin-refusal.ts';
import { mockCommandLine, type ArmTarget } from './arm-lines.ts';
import { appliedLines, clearedLine, listedLines } from './faults-lines.ts';
import { withExamples } from './help-text.ts';
import { mockUrlProblem, runningMockCommand } from './running-mock.ts';

interface FaultsFlags {
  url: string;
  client?: string;
  profile?: string;
  for?: { seconds: number; text: string };
  seed?: number;
  clear?: boolean;
  list?: boolean;
  adminToken?: string;
}

const UNITS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

export function defineFaultsCommand(program: Command, io: CliIo, env: Record<string, string | undefined>, run: (command: Promise<number>) => void): void {
  const command = runningMockCommand(program, 'faults', 'apply a network profile to a client of a running mock for a whole run (lost answers, resets, latency); --clear, --list')
    .option('--profile <name>', 'a network profile: slow-3g, flaky-mobile, outage-30s, lost-replies, or one of your scenarios folder\'s profiles/')
    .option('--client <id>', 'the client (env COMMERCE_CLIENT_ID; default mock-client)')
    .addOption(new Option('--for <duration>', "how long, on the client's clock: 90s, 10m, 2h, 1d (default: until --clear)").argParser(durationOf))
    .addOption(new Option('--seed <n>', 'the seed of its draws, to repeat a run (default: drawn, and printed)').argParser(seedOf))
    .option('--clear', "remove the client's network profile")
    .option('--list', 'print the profiles the mock can apply, and the one applied to the client')
    .action((flags: FaultsFlags) => run(faults(flags, env, io)));
  withExamples(command, 'faults', [
    'commerce-mock faults --profile flaky-mobile --client shop --for 10m',
    'commerce-mock faults --profile outage-30s --seed 7        # calm, degraded, outage, recovery',
    'commerce-mock faults --list                               # the profiles, and mock-client\'s',
    'commerce-mock faults --clear --client shop',
  ]);
}

function durationOf(value: string): { seconds: number; text: string } {
  const match = /^(\d{1,7}(?:\.\d{1,3})?)([smhd]?)$/.exec(value);
  const seconds = match ? Number(match[1]) * (UNITS[match[2] || 's'] ?? 1) : NaN;
  if (!(seconds >= 1 && seconds <= MAX_PROFILE_SECONDS)) throw new InvalidArgumentError(`expected a duration from 1s to 7d such as 90s, 10m or 2h, got "${value}".`);
  return { seconds, text: value };
}

function seedOf(value: string): number {
  const seed = Number(value);
  if (!/^\d{1,10}$/.test(value) || seed > 2 ** 31 - 1) throw new InvalidArgumentError(`expected a whole number from 0 to 2147483647, got "${value}".`);
  return seed;
}

async function faults(flags: FaultsFlags, env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const say = (problem: string, code: number) => (io.stderr(`commerce-mock faults: ${printable(problem)}\n`), code);
  const problem = flagProblem(flags);
  if (problem) return say(problem, 2);
  const target: ArmTarget = { clientId: flags.client ?? env['COMMERCE_CLIENT_ID'] ?? 'mock-client', mockUrl: flags.url };
  const send = adminTransport(target.mockUrl, { adminToken: flags.adminToken ?? env['COMMERCE_MOCK_ADMIN_TOKEN'] });
  const mockName = `the mock at ${target.mockUrl}`;
  const path = { client_id: target.clientId };
  const print = (lines: readonly string[]) => (lines.forEach((line) => io.stdout(`${line}\n`)), 0);
  /** A refusal in the command line's words: exit 2 for what the command line must change, 1 for the rest (a 404 of these routes: the client). */
  const refused = (called: Exclude<AdminCalled<unknown>, { ok: true }>, what: string): number => {
    if ('problem' in called) return say(called.problem, 2);
    const { status, answer } = called;
    if (status === 404 && answer.error === 'not_found') {
      return say(`client ${target.clientId} is unknown to ${mockName} (--client, or env COMMERCE_CLIENT_ID) [${answer.error}]`, 2);
    }
    return say(adminRefusal(status, answer, mockName, what), 1);
  };
  if (flags.clear) {
    const called = await adminCalled(send('removeNetworkProfile', { path }), mockName);
    return called.ok ? print([clearedLine(called.value.data.removed, target.clientId)]) : refused(called, 'the removal');
  }
  const profiles = await adminCalled(send('listNetworkProfiles'), mockName);
  if (!profiles.ok) return refused(profiles, 'the list');
  const names = profiles.value.data.map((profile) => profile.name);
  if (flags.list) {
    const applied = await adminCalled(send('getNetworkProfile', { path }), mockName);
    if (applied.ok) return print(listedLines(profiles.value.data, applied.value.data, target));
    const none = failure('no_network_profile', { clientId: target.clientId }).message;
    if ('status' in applied && applied.status === 404 && applied.answer.message === none) return print(listedLines(profiles.value.data, undefined, target));
    return refused(applied, 'the profile');
  }
  const name = flags.profile ?? '';
  if (!names.includes(name)) {
    const closest = closestWord(name, names);
    return say(`unknown profile "${name}"${closest ? ` (did you mean ${closest}?)` : ''}; the profiles: ${mockCommandLine('faults', ['--list'], target)}`, 2);
  }
  const body = { profile: name, ...(flags.seed !== undefined && { seed: flags.seed }), ...(flags.for !== undefined && { forSeconds: flags.for.seconds }) };
  const called = await adminCalled(send('applyNetworkProfile', { path, body }), mockName);
  return called.ok ? print(appliedLines(called.value.data, target, flags.for?.text)) : refused(called, 'the profile');
}

/** What is wrong with the command line before the mock is asked anything. */
function flagProblem(flags: FaultsFlags): string | undefined {
  const asked = [flags.profile !== undefined && '--profile', flags.clear && '--clear', flags.list && '--list'].filter(Boolean);
  if (asked.length === 0) return 'give --profile <name> (npx commerce-mock faults --profile flaky-mobile), --clear or --list';
  if (asked.length > 1) return `${asked.join(' and ')}: one at a time`;
  if (flags.profile === undefined && (flags.for !== undefined || flags.seed !== undefined)) return `${flags.for !== undefined ? '--for' : '--seed'} goes with --profile`;
  if (flags.profile === '') return '--profile: empty; expected a profile name such as flaky-mobile';
  if (flags.client !== undefined && (flags.client === '' || flags.client.length > CLIENT_ID_MAX_LENGTH)) return `--client: expected a client id of 1 to ${CLIENT_ID_MAX_LENGTH} characters (default mock-client)`;
  return mockUrlProblem(flags.url);
}
