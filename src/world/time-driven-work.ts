/**
 * The work the clock drives for a client, in one list: what the ticker (server/clock-ticker.ts) makes when the
 * clock moves and what advance-until-idle (admin/run-until-idle.ts) looks ahead to. A kind of work added here is
 * made and awaited by both. Webhook retries are the webhooks' own (they run in the background, not in a slice).
 */
import type { Outcome } from '../domain/outcome.ts';
import type { World } from '../deps/world.ts';
import type { Flows } from '../handlers/flows.ts';

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
