/**
 * An answer held before it goes on (a stage's `connection.holdMs`, see send-reply.ts): a timer per held response,
 * ended early when the connection closes (the client gave up) or when the server stops (`releaseHeld`: a stop must not
 * wait for a hold). The hold is kept on the response itself, so nothing outlives the response.
 */
import type { ServerResponse } from 'node:http';
import { monotonicMs } from '../platform/clock.ts';

/** How a hold ended: its time passed, or the connection closed first (the client, or the mock stopping). */
export type HoldEnd = 'elapsed' | 'closed';

/** The longest hold any plan may ask for: a plan past it is held this long. */
export const MAX_HOLD_MS = 120_000;

const RELEASE = Symbol('release a held answer');
type Holding = ServerResponse & { [RELEASE]?: () => void };

/** Waits `ms` (at most MAX_HOLD_MS), then calls `then` once with how the hold ended and how long it lasted. */
export function holdReply(res: ServerResponse, ms: number, then: (end: HoldEnd, heldMs: number) => void): void {
  const started = monotonicMs();
  const holding = res as Holding;
  let settled = false;
  const settle = (end: HoldEnd) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    res.off('close', closed);
    delete holding[RELEASE];
    then(end, Math.round(monotonicMs() - started));
  };
  const closed = () => settle('closed');
  const timer = setTimeout(() => settle('elapsed'), Math.min(Math.max(0, ms), MAX_HOLD_MS));
  res.once('close', closed);
  holding[RELEASE] = () => {
    res.socket?.destroy();
    settle('closed');
  };
}

/** Ends the hold of `res`, if it has one, by closing its connection: what a stopping server does to held answers. */
export function releaseHeld(res: ServerResponse): void {
  (res as Holding)[RELEASE]?.();
}
