/**
 * The drills of one running mock: started in the background (the admin API answers at once with the plan) and
 * kept in memory, the latest `MAX_DRILLS`, so their results can be read while and after they run. A drill reads
 * nothing of its client but the endpoint's format and secret, and writes nothing: no record, no delivery, no
 * endpoint change, nothing in the store or the state export.
 */
import type { Logger } from '../platform/log.ts';
import type { Random } from '../platform/random.ts';
import { drillPlan } from './drill-plan.ts';
import type { DrillTarget } from './drill-requests.ts';
import { pendingCases, runDrill, type Drill, type DrillClock } from './drill-run.ts';

export type { Drill, DrillCaseResult, DrillExchange, DrillStatus } from './drill-run.ts';

export const MAX_DRILLS = 20;

export interface DrillRequest extends DrillTarget {
  seed: number;
  timeoutSeconds: number;
}

export interface Drills {
  /** Starts a drill; answers it as planned (every case pending). */
  start(request: DrillRequest): Drill;
  /** A copy of the drill as it is now. */
  get(id: string): Drill | undefined;
  /** Resolves once every drill started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

/** `clockOf`: the clock a client's world runs on (a tenant's own), whose time the drill's bodies carry. */
export function createDrills(parts: { random: Random; clockOf: (clientId: string) => DrillClock; logger: Logger }): Drills {
  const drills = new Map<string, Drill>();
  const running = new Set<Promise<void>>();
  return {
    start({ seed, timeoutSeconds, ...target }) {
      const plan = drillPlan(seed, target.format);
      const drill: Drill = {
        id: parts.random.id('drl'),
        clientId: target.clientId,
        url: target.url,
        format: target.format,
        seed,
        timeoutSeconds,
        status: 'running',
        cases: pendingCases(plan),
      };
      drills.set(drill.id, drill);
      // A Map iterates in insertion order: the first key is the oldest drill.
      if (drills.size > MAX_DRILLS) drills.delete(drills.keys().next().value as string);
      const run = runDrill(drill, plan, target, parts.clockOf(target.clientId))
        .catch((error: unknown) => {
          parts.logger.error(`drill ${drill.id} stopped: ${String((error as Error)?.stack ?? error)}`);
          drill.status = 'failed';
          drill.problem = 'the drill stopped on an internal error (see the log)';
        })
        .finally(() => running.delete(run));
      running.add(run);
      return structuredClone(drill);
    },
    get(id) {
      const drill = drills.get(id);
      return drill && structuredClone(drill);
    },
    idle: () => Promise.all([...running]).then(() => undefined),
  };
}
