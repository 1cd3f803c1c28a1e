/**
 * Lets the clock act: orders whose time step is due move, subscriptions bill up to now. Runs are serialized
 * (two overlapping runs would bill the same step twice) and cut into slices of at most `stepsPerSlice` billing
 * steps, each made durable and published before the next; between slices the event loop serves requests, so a
 * jump of years never holds one up. Webhook attempts are only started here: they run in the background.
 */
import type { ApplyChange } from '../store/apply-change.ts';
import type { Outcome } from '../domain/outcome.ts';
import type { AppDeps } from '../deps/deps.ts';
import type { Flows } from '../handlers/flows.ts';
import type { ScenarioEngine } from '../scenarios/scenario-engine.ts';
import { STEPS_PER_SLICE } from '../subscriptions/bill-subscriptions.ts';
import type { Webhooks } from '../webhooks/webhook-types.ts';

export interface Ticker {
  /** Resolves once every change due by now is durable and published (after any run already going). */
  tick(): Promise<void>;
}

export interface TickerParts {
  flows: Flows;
  scenarios: ScenarioEngine;
  webhooks: Webhooks;
  /** Stage, commit, publish: the one way a change becomes durable and visible. */
  applyChange: ApplyChange;
  stepsPerSlice?: number;
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createTicker(deps: AppDeps, parts: TickerParts): Ticker {
  const { flows, scenarios, webhooks, applyChange } = parts;
  const stepsPerSlice = parts.stepsPerSlice ?? STEPS_PER_SLICE;
  let running: Promise<void> = Promise.resolve();

  const slice = async (): Promise<boolean> => {
    let budget = stepsPerSlice;
    let unfinished = false;
    const outcomes: Array<Outcome<unknown>> = [];
    for (const client of deps.clients.list()) {
      const policy = scenarios.forClient(client.clientId);
      outcomes.push(flows.orders.advance(client.clientId, policy.orders));
      if (budget <= 0) {
        unfinished = true;
        continue;
      }
      const billed = flows.subscriptions.billSlice(client.clientId, policy.subscriptions, budget);
      budget -= billed.steps;
      unfinished ||= billed.unfinished;
      outcomes.push(billed.outcome);
    }
    await applyChange(outcomes);
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
