/**
 * Lets the clock act: the time-driven work (world/time-driven-work.ts) is made for each client up to now on its
 * clock, under its world resolved once per slice. Runs are serialized
 * (two overlapping runs would bill the same step twice) and cut into slices of at most `stepsPerSlice` billing
 * steps, each made durable and published before the next; between slices the event loop serves requests, so a
 * jump of years never holds one up. Webhook attempts are only started here: they run in the background.
 */
import type { ApplyChange } from '../store/apply-change.ts';
import type { Outcome } from '../domain/outcome.ts';
import type { AppDeps } from '../deps/deps.ts';
import type { Flows } from '../handlers/flows.ts';
import { STEPS_PER_SLICE } from '../subscriptions/bill-subscriptions.ts';
import type { Webhooks } from '../webhooks/webhook-types.ts';
import type { Worlds } from '../deps/world.ts';
import { makeDueWork } from '../world/time-driven-work.ts';

export interface Ticker {
  /** Resolves once every change due by now is durable and published (after any run already going). */
  tick(): Promise<void>;
}

export interface TickerParts {
  flows: Flows;
  worlds: Worlds;
  webhooks: Webhooks;
  /** Stage, commit, publish: the one way a change becomes durable and visible. */
  applyChange: ApplyChange;
  stepsPerSlice?: number;
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createTicker(deps: AppDeps, parts: TickerParts): Ticker {
  const { flows, worlds, webhooks, applyChange } = parts;
  const stepsPerSlice = parts.stepsPerSlice ?? STEPS_PER_SLICE;
  let running: Promise<void> = Promise.resolve();

  const slice = async (): Promise<boolean> => {
    let budget = stepsPerSlice;
    let unfinished = false;
    const outcomes: Array<Outcome<unknown>> = [];
    const sliceWorlds = deps.clients.list().map((client) => worlds.of(client.clientId));
    for (const world of sliceWorlds) {
      const made = makeDueWork(flows, world, budget);
      budget -= made.steps;
      unfinished ||= made.unfinished;
      outcomes.push(...made.outcomes);
    }
    await applyChange(outcomes, { worlds: sliceWorlds });
    return unfinished;
  };

  const run = async () => {
    while (await slice()) await yieldToRequests();
    void webhooks.tick();
  };

  return {
    tick() {
      running = running.then(run, run);
      return running;
    },
  };
}
