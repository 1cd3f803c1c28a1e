/**
 * The mock clock: read, set, advance, freeze, resume. The state changes a move makes due are done (in slices that
 * let requests in) before the answer; webhook attempts are only started. A jump that would bill more than
 * `maxCatchUpPeriods` periods of one subscription is refused with nothing changed.
 */
import { clockInstantMs, isWithinClockRange, OUTSIDE_CLOCK_RANGE, type Clock } from '../platform/clock.ts';
import { failure, type Failure } from '../errors/failures.ts';
import type { AdminHandlerTable } from '../handlers/handler.ts';
import { okData, type Reply } from '../domain/reply.ts';
import type { PlanRecord, SubscriptionRecord } from '../domain/records.ts';
import { catchUpExcess, catchUpMessage } from '../subscriptions/catch-up-bound.ts';
import type { AdminContext } from './admin-context.ts';

/** Why a clock move (or an imported clock) is refused. */

export interface ClockChange {
  advanceSeconds?: number;
  set?: string;
  freeze?: boolean;
}

/**
 * Why a jump to `targetMs` is refused: a subscription would bill more periods than the configured bound. Only the
 * subscriptions of `clientIds` move with the clock being moved.
 */
export function jumpExcess(admin: AdminContext, targetMs: number, clientIds: readonly string[]): string | undefined {
  const { store, config } = admin.deps;
  const subscriptions = clientIds.flatMap((clientId) => store.list<SubscriptionRecord>('subscriptions', clientId));
  const excess = catchUpExcess(subscriptions, (planId) => store.get<PlanRecord>('plans', planId), targetMs, config.maxCatchUpPeriods);
  return excess && catchUpMessage(excess, config.maxCatchUpPeriods);
}

/** The request's own names for `set` and `advanceSeconds`, so a refusal names the field the caller sent. */
export interface FieldNames {
  set: string;
  advanceSeconds: string;
}

export const CHANGE_FIELDS: FieldNames = { set: 'set', advanceSeconds: 'advanceSeconds' };

/**
 * Moves `clock` as `wanted` says, for the subscriptions of `clientIds` (those that run on it), then lets it act.
 * A refusal changes nothing.
 */
export async function moveClock(admin: AdminContext, clock: Clock, clientIds: readonly string[], wanted: ClockChange, fields: FieldNames = CHANGE_FIELDS): Promise<Failure | undefined> {
  const start = wanted.set === undefined ? clock.nowMs() : clockInstantMs(wanted.set);
  if (start === undefined) return failure('clock_refused', { field: fields.set, problem: OUTSIDE_CLOCK_RANGE });
  const target = start + (wanted.advanceSeconds ?? 0) * 1000;
  if (!isWithinClockRange(target)) {
    return failure('clock_refused', { field: wanted.advanceSeconds !== undefined ? fields.advanceSeconds : fields.set, problem: OUTSIDE_CLOCK_RANGE });
  }
  const excess = jumpExcess(admin, target, clientIds);
  if (excess) return failure('clock_refused', { field: wanted.set === undefined ? fields.advanceSeconds : fields.set, problem: excess });
  if (wanted.freeze !== undefined) clock.freeze(wanted.freeze);
  if (wanted.set !== undefined) clock.set(new Date(start));
  if (wanted.advanceSeconds !== undefined) clock.advance(wanted.advanceSeconds);
  // The new clock is durable before the first slice of what it makes due: killed mid-way, a restart finds the
  // clock where the slices billed up to, and finishes the catch-up (never payments past a clock that came back).
  await admin.apply({ written: admin.state.persist() });
  await admin.tick();
  return undefined;
}

/** The clients that follow the global clock (every client without one of its own). */
export function followers(admin: AdminContext): string[] {
  return admin.deps.clients.list().flatMap((client) => (admin.deps.clock.ownOf(client.clientId) ? [] : [client.clientId]));
}

export function clockHandlers(admin: AdminContext) {
  const { clock } = admin.deps;
  // The global clock's answer names the clients it does not move: those with a clock of their own.
  const globalView = () => ({ ...clock.state(), clientsWithOwnClock: clock.owners() });
  const change = async (wanted: ClockChange, fields: FieldNames = CHANGE_FIELDS): Promise<Reply> =>
    (await moveClock(admin, clock, followers(admin), wanted, fields)) ?? okData(globalView());
  return {
    getClock: () => okData(globalView()),
    changeClock: (input) => change(input.body),
    advanceClock: (input) => change({ advanceSeconds: input.body.seconds }, { ...CHANGE_FIELDS, advanceSeconds: 'seconds' }),
    setClock: (input) => change({ set: input.body.at }, { ...CHANGE_FIELDS, set: 'at' }),
    freezeClock: () => change({ freeze: true }),
    resumeClock: () => change({ freeze: false }),
  } satisfies Partial<AdminHandlerTable>;
}
