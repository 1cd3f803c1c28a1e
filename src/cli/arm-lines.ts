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

/** What the client does that meets an outcome: one, and several. */
const MOVES: Readonly<Record<ArmedOutcome['meets'], readonly [string, string]>> = {
  request: ['request', 'requests'],
  order: ['order placed', 'orders placed'],
  charge: ['subscription charge', 'subscription charges'],
  delivery: ['webhook delivery', 'webhook deliveries'],
};

/**
 * When an order outcome fires: the order it binds ends in it however it is settled (docs/arming.md). The console
 * says the same (src/pages/console/armed-section.js).
 */
export const ORDER_FIRES =
  'when it ends: at the status poll that ends it (the 3rd by default), at a scenario\'s time step, or when the payer answers the checkout push or the checkout page';

/** A word as a POSIX shell reads it back: bare when it holds no character the shell treats specially. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `npx commerce-mock arm <args> --client <id>`, with `--url` when the mock is not at the default URL. Through npx, so
 * the line runs as pasted from a project that installed the package locally as well as from a global install.
 */
export function armCommandLine(args: readonly string[], target: ArmTarget): string {
  const url = target.mockUrl.replace(/\/+$/, '') === DEFAULT_MOCK_URL ? [] : ['--url', target.mockUrl];
  return printable(['npx', 'commerce-mock', 'arm', ...args, '--client', target.clientId, ...url].map(shellWord).join(' '));
}

function moves(armed: Pick<ArmedOutcome, 'meets' | 'times' | 'operation'>, count: number): string {
  const [one, many] = MOVES[armed.meets];
  const what = count === 1 ? one : `${count} ${many}`;
  return armed.operation === undefined ? what : `${what} to ${armed.operation}`;
}

export function armedLines(armed: ArmedOutcome, target: ArmTarget): string[] {
  return [
    printable(`armed ${armed.outcome} for ${armed.clientId} (${armed.id}): met by its next ${moves(armed, armed.times)}${armed.meets === 'order' ? `, ${ORDER_FIRES}` : ''}`),
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
      const left = armed.remaining === 0 ? 'spent' : `next ${moves(armed, armed.remaining)}`;
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
