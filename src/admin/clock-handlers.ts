/**
 * The mock clock: read, set, advance, freeze, resume. The state changes a move makes due are done (in slices that
 * let requests in) before the answer; webhook attempts are only started. A jump that would bill more than
 * `maxCatchUpPeriods` periods of one subscription is refused with nothing changed.
 */
import { isWithinClockRange, OUTSIDE_CLOCK_RANGE } from '../platform/clock.ts';
import { failure } from '../errors/failures.ts';
import type { AdminHandlerTable } from '../handlers/handler.ts';
import { okData, type Reply } from '../domain/reply.ts';
import type { PlanRecord, SubscriptionRecord } from '../domain/records.ts';
import { catchUpExcess, catchUpMessage } from '../subscriptions/catch-up-bound.ts';
import type { AdminContext } from './admin-context.ts';

/** Why a clock move (or an imported clock) is refused. */

interface ClockChange {
  advanceSeconds?: number;
  set?: string;
  freeze?: boolean;
}

/** Why a jump to `targetMs` is refused: a subscription would bill more periods than the configured bound. */
function jumpExcess(admin: AdminContext, targetMs: number): string | undefined {
  const { store, clients, config } = admin.deps;
  const subscriptions = clients.list().flatMap((client) => store.list<SubscriptionRecord>('subscriptions', client.clientId));
  const excess = catchUpExcess(subscriptions, (planId) => store.get<PlanRecord>('plans', planId), targetMs, config.maxCatchUpPeriods);
  return excess && catchUpMessage(excess, config.maxCatchUpPeriods);
}

/** The request's own names for `set` and `advanceSeconds`, so a refusal names the field the caller sent. */
interface FieldNames {
  set: string;
  advanceSeconds: string;
}

const CHANGE_FIELDS: FieldNames = { set: 'set', advanceSeconds: 'advanceSeconds' };

export function clockHandlers(admin: AdminContext) {
  const { clock } = admin.deps;
  const change = async (wanted: ClockChange, fields: FieldNames = CHANGE_FIELDS): Promise<Reply> => {
    const start = wanted.set === undefined ? clock.nowMs() : Date.parse(wanted.set);
    const target = start + (wanted.advanceSeconds ?? 0) * 1000;
    if (!isWithinClockRange(target)) {
      const field = wanted.set !== undefined && !isWithinClockRange(start) ? fields.set : wanted.advanceSeconds !== undefined ? fields.advanceSeconds : fields.set;
      return failure('clock_refused', { field, problem: OUTSIDE_CLOCK_RANGE });
    }
    const excess = jumpExcess(admin, target);
    if (excess) return failure('clock_refused', { field: wanted.set === undefined ? fields.advanceSeconds : fields.set, problem: excess });
    if (wanted.freeze !== undefined) clock.freeze(wanted.freeze);
    if (wanted.set !== undefined) clock.set(new Date(wanted.set));
    if (wanted.advanceSeconds !== undefined) clock.advance(wanted.advanceSeconds);
    // The new clock is durable before the first slice of what it makes due: killed mid-way, a restart finds the
    // clock where the slices billed up to, and finishes the catch-up (never payments past a clock that came back).
    await admin.apply({ written: admin.state.persist() });
    await admin.tick();
    return okData(clock.state());
  };
  return {
    getClock: () => okData(clock.state()),
    changeClock: (input) => change(input.body),
    advanceClock: (input) => change({ advanceSeconds: input.body.seconds }, { ...CHANGE_FIELDS, advanceSeconds: 'seconds' }),
    setClock: (input) => change({ set: input.body.at }, { ...CHANGE_FIELDS, set: 'at' }),
    freezeClock: () => change({ freeze: true }),
    resumeClock: () => change({ freeze: false }),
  } satisfies Partial<AdminHandlerTable>;
}
