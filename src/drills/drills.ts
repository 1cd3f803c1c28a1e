/**
 * The drills of one running mock: started in the background (the admin API answers at once with the plan) and
 * kept in memory so their results can be read while and after they run. Bounded, so a shared mock cannot be made
 * to hold connections without end: at most `DRILL_LIMITS.runningPerClient` drills run for one client and
 * `DRILL_LIMITS.running` in all (a start beyond is refused, with the soonest a running one can end); a running
 * drill is always kept, a finished one for `finishedKeptMs` and among the latest `finishedKept`. Each request a
 * drill sends is cut off at its timeout (drill-send.ts). A drill reads nothing of its client but the endpoint's
 * format and secret, and writes nothing: no record, no delivery, no endpoint change, nothing in the store or the
 * state export.
 */
import { monotonicMs } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { Random } from '../platform/random.ts';
import { drillPlan } from './drill-plan.ts';
import type { DrillTarget } from './drill-requests.ts';
import { pendingCases, runDrill, type Drill, type DrillClock } from './drill-run.ts';

export type { Drill, DrillCaseResult, DrillExchange, DrillStatus } from './drill-run.ts';

export const DRILL_LIMITS = {
  runningPerClient: 3,
  running: 10,
  finishedKept: 20,
  finishedKeptMs: 60 * 60 * 1000,
} as const;

/** Why a drill was not started: too many run already, for its client or in all. */
export interface DrillsBusy {
  scope: 'client' | 'all';
  running: number;
  max: number;
  /** The soonest a running drill of that scope can end, at the earliest: its requests' timeout. */
  retryAfterSeconds: number;
}

export interface DrillRequest extends DrillTarget {
  seed: number;
  timeoutSeconds: number;
}

export interface Drills {
  /** Starts a drill and answers it as planned (every case pending); or why it was not started. */
  start(request: DrillRequest): { drill: Drill } | { busy: DrillsBusy };
  /** A copy of the drill as it is now. */
  get(id: string): Drill | undefined;
  /** Copies of a client's drills still kept, oldest first (what the audit reads). */
  ofClient(clientId: string): Drill[];
  /** Resolves once every drill started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

/** `clockOf`: the clock a client's world runs on (a tenant's own), whose time the drill's bodies carry. */
export function createDrills(parts: { random: Random; clockOf: (clientId: string) => DrillClock; logger: Logger }): Drills {
  const drills = new Map<string, Drill>();
  /** When each finished drill ended (real time, monotonic), oldest first. */
  const ended = new Map<string, number>();
  const running = new Set<Promise<void>>();
  const forgetOld = () => {
    const now = monotonicMs();
    for (const [id, at] of ended) {
      // A Map iterates in insertion order: the first entries ended first.
      if (ended.size <= DRILL_LIMITS.finishedKept && now - at < DRILL_LIMITS.finishedKeptMs) break;
      ended.delete(id);
      drills.delete(id);
    }
  };
  const busy = (clientId: string): DrillsBusy | undefined => {
    const all = [...drills.values()].filter((drill) => drill.status === 'running');
    const own = all.filter((drill) => drill.clientId === clientId);
    const [scope, counted, max] = own.length >= DRILL_LIMITS.runningPerClient ? (['client', own, DRILL_LIMITS.runningPerClient] as const) : (['all', all, DRILL_LIMITS.running] as const);
    if (counted.length < max) return undefined;
    return { scope, running: counted.length, max, retryAfterSeconds: Math.min(...counted.map((drill) => drill.timeoutSeconds)) };
  };
  return {
    start({ seed, timeoutSeconds, ...target }) {
      forgetOld();
      const refused = busy(target.clientId);
      if (refused) return { busy: refused };
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
      const run = runDrill(drill, plan, target, parts.clockOf(target.clientId))
        .catch((error: unknown) => {
          parts.logger.error(`drill ${drill.id} stopped: ${String((error as Error)?.stack ?? error)}`);
          drill.status = 'failed';
          drill.problem = 'the drill stopped on an internal error (see the log)';
        })
        .finally(() => {
          running.delete(run);
          ended.set(drill.id, monotonicMs());
          forgetOld();
        });
      running.add(run);
      return { drill: structuredClone(drill) };
    },
    get(id) {
      forgetOld();
      const drill = drills.get(id);
      return drill && structuredClone(drill);
    },
    ofClient(clientId) {
      forgetOld();
      return [...drills.values()].filter((drill) => drill.clientId === clientId).map((drill) => structuredClone(drill));
    },
    idle: () => Promise.all([...running]).then(() => undefined),
  };
}
