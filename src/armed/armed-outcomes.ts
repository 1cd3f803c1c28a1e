/**
 * The outcomes armed for each client, held as records (collection `armedOutcomes`), so they are durable, exported
 * and reset with the client like its other records. Arming, listing, disarming, and firing: a firing counts one
 * down and is written in the same change as what it caused.
 */
import type { World } from '../deps/world.ts';
import { ID_PREFIX } from '../domain/ids.ts';
import { done, type Outcome } from '../domain/outcome.ts';
import type { RecordOf, RecordWrite } from '../domain/records.ts';
import { failure } from '../errors/failures.ts';
import type { Random } from '../platform/random.ts';
import type { Store } from '../store/store-types.ts';
import { armable, type ArmEffect, type Meets } from './armable.ts';
import { armCountsRule, armOutcomeRule, liveArmsRule } from './arm-rules.ts';

export type ArmedRecord = RecordOf<'armedOutcomes'>;

/** Spent ones kept for their counts, newest first; older ones are forgotten when a new one is armed. */
const KEPT_SPENT = 30;
const KEPT_FIRINGS = 20;

export interface ArmInput {
  outcome: string;
  times?: number;
  operation?: string;
}

export interface Firing {
  requestId?: string;
  recordId?: string;
}

/** A live armed outcome with what it does. */
export interface LiveArm {
  record: Readonly<ArmedRecord>;
  effect: ArmEffect;
}

export interface ArmedOutcomes {
  arm(world: World, input: ArmInput): Outcome<ArmedRecord>;
  list(clientId: string): ReadonlyArray<Readonly<ArmedRecord>>;
  disarm(clientId: string, id: string): Outcome<ArmedRecord>;
  disarmAll(clientId: string): Outcome<{ disarmed: number }>;
  /** The client's live arms that its move of this kind meets, oldest first. */
  live(clientId: string, meets: Meets): LiveArm[];
  /** The arm counted down once at `at` (ISO), as written beside what it caused (undefined when it is spent or gone). */
  fire(id: string, at: string, firing: Firing): RecordWrite | undefined;
}

export function armedOutcomes(deps: { store: Store; random: Pick<Random, 'id'> }): ArmedOutcomes {
  const { store } = deps;
  const all = (clientId: string) => store.list<ArmedRecord>('armedOutcomes', clientId);
  /** The client's orders still pending when an order outcome is armed: the only ones placed before it that it could
   * end. It never binds them, whatever the instants say (a client clock set back, or one that stands still): an arm
   * binds by the order of events, not by timestamps. */
  const pendingOrders = (clientId: string) =>
    store.list<RecordOf<'orders'>>('orders', clientId).filter((order) => order.status === 'PENDING').map((order) => order.id);
  return {
    arm(world, input) {
      const armed = armOutcomeRule(input.outcome, input.operation);
      if (!armed.ok) return armed;
      const { effect } = armed;
      const times = input.times ?? 1;
      const counts = armCountsRule(times, times);
      if (counts) return counts;
      const existing = all(world.clientId);
      const tooMany = liveArmsRule(existing.filter((record) => record.remaining > 0).length + 1);
      if (tooMany) return tooMany;
      const armedAt = world.clock.now().toISOString();
      const placedBefore = effect.meets === 'order' ? pendingOrders(world.clientId) : [];
      const record: ArmedRecord = {
        id: deps.random.id(ID_PREFIX.armedOutcome),
        clientId: world.clientId,
        outcome: input.outcome,
        times,
        remaining: times,
        fired: 0,
        ...(input.operation !== undefined && { operation: input.operation }),
        meets: effect.meets,
        armedAt,
        ...(placedBefore.length > 0 && { placedBefore }),
        firings: [],
      };
      const spent = existing.filter((one) => one.remaining === 0);
      for (const old of spent.slice(0, Math.max(0, spent.length - KEPT_SPENT + 1))) store.remove('armedOutcomes', old.id);
      store.put('armedOutcomes', record);
      return done(record, [{ collection: 'armedOutcomes', record }]);
    },
    list: all,
    disarm(clientId, id) {
      const record = store.get<ArmedRecord>('armedOutcomes', id);
      if (!record || record.clientId !== clientId) return failure('unknown_armed', { armedId: id });
      store.remove('armedOutcomes', id);
      return done(record as ArmedRecord, [{ collection: 'armedOutcomes', record: { ...record, remaining: 0 } }]);
    },
    disarmAll(clientId) {
      const records = [...all(clientId)];
      for (const record of records) store.remove('armedOutcomes', record.id);
      return done({ disarmed: records.length }, records.map((record) => ({ collection: 'armedOutcomes' as const, record: { ...record, remaining: 0 } })));
    },
    live(clientId, meets) {
      const found: LiveArm[] = [];
      for (const record of all(clientId)) {
        if (record.remaining === 0 || record.meets !== meets) continue;
        const armability = armable(record.outcome);
        if (armability.ok) found.push({ record, effect: armability.effect });
      }
      return found;
    },
    fire(id, at, firing) {
      const record = store.get<ArmedRecord>('armedOutcomes', id);
      if (!record || record.remaining === 0) return undefined;
      const fired: ArmedRecord = {
        ...record,
        remaining: record.remaining - 1,
        fired: record.fired + 1,
        firings: [...record.firings, { at, ...firing }].slice(-KEPT_FIRINGS),
      };
      return { collection: 'armedOutcomes', record: fired };
    },
  };
}
