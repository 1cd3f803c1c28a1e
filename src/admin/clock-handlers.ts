/** The mock clock: read, set, advance, freeze, resume. Whatever a move makes due runs before the answer. */
import { CLOCK_RANGE, isWithinClockRange } from '../clock.ts';
import { failure } from '../core/failures.ts';
import type { OperationInput } from '../core/handler.ts';
import { okData, type Reply } from '../core/reply.ts';
import type { AdminContext } from './admin-context.ts';

/** Why a clock move (or an imported clock) is refused. */
export const OUTSIDE_CLOCK_RANGE = `o relógio deve ficar entre ${new Date(CLOCK_RANGE.from).toISOString()} e ${new Date(CLOCK_RANGE.until).toISOString()}`;

interface ClockChange {
  advanceSeconds?: number;
  set?: string;
  freeze?: boolean;
}

export function clockHandlers(admin: AdminContext) {
  const { clock } = admin.deps;
  const change = async (wanted: ClockChange): Promise<Reply> => {
    const target = (wanted.set === undefined ? clock.nowMs() : Date.parse(wanted.set)) + (wanted.advanceSeconds ?? 0) * 1000;
    if (!isWithinClockRange(target)) {
      return failure('invalid_request', { details: [{ path: wanted.set === undefined ? 'advanceSeconds' : 'set', message: OUTSIDE_CLOCK_RANGE }] });
    }
    if (wanted.freeze !== undefined) clock.freeze(wanted.freeze);
    if (wanted.set !== undefined) clock.set(new Date(wanted.set));
    if (wanted.advanceSeconds !== undefined) clock.advance(wanted.advanceSeconds);
    await admin.tick();
    return okData(clock.state());
  };
  return {
    getClock: () => okData(clock.state()),
    changeClock: (input: OperationInput) => change(input.body as ClockChange),
    advanceClock: (input: OperationInput) => change({ advanceSeconds: (input.body as { seconds: number }).seconds }),
    setClock: (input: OperationInput) => change({ set: (input.body as { at: string }).at }),
    freezeClock: () => change({ freeze: true }),
    resumeClock: () => change({ freeze: false }),
  };
}
