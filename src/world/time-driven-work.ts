/**
 * The work the clock drives for a client, in one list: what the ticker (server/clock-ticker.ts) makes when the
 * clock moves and what advance-until-idle (admin/run-until-idle.ts) looks ahead to. A kind of work added here is
 * made and awaited by both. Webhook retries are the webhooks' own (they run in the background, not in a slice).
 */
import type { Outcome } from '../domain/outcome.ts';
import type { World } from '../deps/world.ts';
import type { Flows } from '../handlers/flows.ts';
import { createClock } from '../platform/clock.ts';

export interface WorkSlice {
  outcome: Outcome<unknown>;
  /** Billing steps made (what counts against a slice's budget). */
  steps: number;
  /** More is due by now than this slice made. */
  unfinished: boolean;
}

export interface TimeDrivenWork {
  name: string;
  /** Whether a slice's step budget bounds it: bounded work waits for the next slice once the budget is spent. */
  bounded: boolean;
  /** Makes what is due by now on the world's clock, at most `budget` steps of bounded work. */
  run(flows: Flows, world: World, budget: number): WorkSlice;
  /** The earliest instant (ms on the world's clock) something of this work comes due, due or not yet. */
  nextDueAt(flows: Flows, world: World): number | undefined;
}

export const TIME_DRIVEN_WORK: readonly TimeDrivenWork[] = [
  {
    name: 'order progressions',
    bounded: false,
    run: (flows, world) => ({ outcome: flows.orders.advance(world), steps: 0, unfinished: false }),
    nextDueAt: (flows, world) => flows.orders.nextDueAt(world),
  },
  {
    name: 'subscription billing',
    bounded: true,
    run: (flows, world, budget) => flows.subscriptions.billSlice(world, budget),
    nextDueAt: (flows, world) => flows.subscriptions.nextBillingAt(world),
  },
];

export interface DueWork {
  outcomes: Array<Outcome<unknown>>;
  /** Billing steps made. */
  steps: number;
  /** More is due by now than was made (the budget ran out). */
  unfinished: boolean;
}

/**
 * Makes what is due by now on the world's clock, in the order it came due: the earliest instant anything is due
 * first, every kind of work made up to it, then the next. A clock move that makes an order's PAID step and a
 * subscription's charge due meets the payer's wallet with whichever came due first, as each would have met it had the
 * clock stopped there (money moves once: each write is in the store before the next step reads it).
 */
export function makeDueWork(flows: Flows, world: World, budget: number): DueWork {
  const nowMs = world.clock.nowMs();
  const made: DueWork = { outcomes: [], steps: 0, unfinished: false };
  const runAt = (at: World): boolean => {
    let moved = false;
    for (const work of TIME_DRIVEN_WORK) {
      if (work.bounded && budget - made.steps <= 0) {
        made.unfinished = true;
        continue;
      }
      const slice = work.run(flows, at, budget - made.steps);
      made.steps += slice.steps;
      made.unfinished ||= slice.unfinished;
      made.outcomes.push(slice.outcome);
      moved ||= slice.steps > 0 || (slice.outcome.ok && slice.outcome.written.length > 0);
    }
    return moved;
  };
  for (;;) {
    const dueAt = earliestDue(flows, world);
    // Nothing left before now (or something due that its work does not make): the rest is made at now.
    if (dueAt === undefined || dueAt >= nowMs || !runAt(worldAt(world, dueAt)) || made.unfinished) break;
  }
  if (!made.unfinished) runAt(world);
  return made;
}

function earliestDue(flows: Flows, world: World): number | undefined {
  let earliest: number | undefined;
  for (const work of TIME_DRIVEN_WORK) {
    const atMs = work.nextDueAt(flows, world);
    if (atMs !== undefined && (earliest === undefined || atMs < earliest)) earliest = atMs;
  }
  return earliest;
}

/** The world as it was at `atMs`: its clock stopped there, everything else its own. */
function worldAt(world: World, atMs: number): World {
  return Object.create(world, { clock: { value: createClock({ frozenAt: new Date(atMs) }), enumerable: true } }) as World;
}
