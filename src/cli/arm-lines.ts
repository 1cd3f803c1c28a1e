/**
 * What `commerce-mock arm` prints: the outcome armed and what meets it, the client's armed outcomes, what was
 * disarmed; and the `npx commerce-mock arm …` line to copy (also printed by `coverage --require` for each missing
 * outcome that can be armed), naming the client always and the mock when it is not the default one.
 */
import type { components } from '../generated/admin-types.gen.ts';
import { printable } from '../platform/printable.ts';

type ArmedOutcome = components['schemas']['ArmedOutcome'];

export const DEFAULT_MOCK_URL = 'http://127.0.0.1:4010';

/** The client and the mock a printed command acts on. */
export interface ArmTarget {
  clientId: string;
  mockUrl: string;
}

/** A word as a POSIX shell reads it back: bare when it holds no character the shell treats specially. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `npx commerce-mock <command> <args> --client <id>`, with `--url` when the mock is not at the default URL. Through
 * npx, so the line runs as pasted from a project that installed the package locally as well as from a global install.
 */
export function armCommandLine(args: readonly string[], target: ArmTarget): string {
  return mockCommandLine('arm', args, target);
}

/** `npx commerce-mock <command> <args> --client <id>`, `--url` as for `arm`: the line to copy of any command that acts on a running mock. */
export function mockCommandLine(command: string, args: readonly string[], target: ArmTarget): string {
  const url = target.mockUrl.replace(/\/+$/, '') === DEFAULT_MOCK_URL ? [] : ['--url', target.mockUrl];
  return printable(['npx', 'commerce-mock', command, ...args, '--client', target.clientId, ...url].map(shellWord).join(' '));
}

export function armedLines(armed: ArmedOutcome, target: ArmTarget): string[] {
  return [
    printable(`armed ${armed.outcome} for ${armed.clientId} (${armed.id}): met by ${armed.metBy}${armed.firesWhen === undefined ? '' : `, ${armed.firesWhen}`}`),
    `  what is armed: ${armCommandLine(['--list'], target)}`,
    `  disarm it: ${armCommandLine(['--disarm', armed.id], target)}`,
  ];
}

export function listedLines(list: readonly ArmedOutcome[], target: ArmTarget): string[] {
  if (list.length === 0) return [printable(`nothing armed for ${target.clientId}`)];
  const live = list.filter((armed) => armed.remaining > 0).length;
  const width = Math.max(...list.map((armed) => armed.id.length));
  return [
    printable(`armed for ${target.clientId}: ${live} live, ${list.length - live} spent`),
    ...list.map((armed) => {
      const left = armed.metBy;
      return printable(`  ${armed.id.padEnd(width)}  ${armed.outcome}  ${left}; fired ${armed.fired} of ${armed.times}`);
    }),
  ];
}

export function disarmedLine(disarmed: ArmedOutcome): string {
  return printable(`disarmed ${disarmed.id} (${disarmed.outcome}, fired ${disarmed.fired} of ${disarmed.times}) for ${disarmed.clientId}`);
}

export function disarmedAllLine(count: number, clientId: string): string {
  return printable(`disarmed ${count === 1 ? '1 armed outcome' : `${count} armed outcomes`} of ${clientId}`);
}
