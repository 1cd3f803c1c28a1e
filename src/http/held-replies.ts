/**
 * An answer held before it goes on (a stage's `connection.holdMs`, see send-reply.ts), or its body trickled
 * (`connection.trickleMs`): a timer per held response,
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

/**
 * Waits `ms` (at most MAX_HOLD_MS), or until `until` settles when that is sooner, then calls `then` once with how the
 * hold ended and how long it lasted.
 */
export function holdReply(res: ServerResponse, ms: number, then: (end: HoldEnd, heldMs: number) => void, until?: Promise<unknown>): void {
  const hold = holding(res, then);
  hold.wait(bounded(ms), () => hold.settle('elapsed'));
  const settled = () => hold.settle('elapsed');
  until?.then(settled, settled);
}

/** Pieces a trickled body is written in (fewer for a shorter body: at least a byte each). */
const TRICKLE_PIECES = 20;

/**
 * Writes `payload` (the headers are written) in pieces spread evenly over `ms` (at most MAX_HOLD_MS), the first at
 * once and the last ending the response; `then` as for a hold, `closed` when the connection closed before the last.
 */
export function trickleReply(res: ServerResponse, payload: string | undefined, ms: number, then: (end: HoldEnd, heldMs: number) => void): void {
  const bytes = Buffer.from(payload ?? '');
  const size = Math.max(1, Math.ceil(bytes.length / TRICKLE_PIECES));
  // Every piece holds a byte at least, so the client has the whole body only with the last one.
  const pieces = Math.max(1, Math.ceil(bytes.length / size));
  const hold = holding(res, then);
  const write = (index: number) => {
    const piece = bytes.subarray(index * size, (index + 1) * size);
    if (index + 1 < pieces) {
      res.write(piece);
      hold.wait(bounded(ms) / (pieces - 1), () => write(index + 1));
      return;
    }
    // Settled before the end: the response's own close after it is not the client closing.
    hold.settle('elapsed');
    res.end(piece);
  };
  write(0);
}

const bounded = (ms: number) => Math.min(Math.max(0, ms), MAX_HOLD_MS);

/** A response held: settled once, by its time, by its connection closing, or by a stopping server (`releaseHeld`). */
function holding(res: ServerResponse, then: (end: HoldEnd, heldMs: number) => void) {
  const started = monotonicMs();
  const held = res as Holding;
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  const settle = (end: HoldEnd) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    res.off('close', closed);
    delete held[RELEASE];
    then(end, Math.round(monotonicMs() - started));
  };
  const closed = () => settle('closed');
  res.once('close', closed);
  held[RELEASE] = () => {
    res.socket?.destroy();
    settle('closed');
  };
  return {
    settle,
    wait(ms: number, then: () => void) {
      if (!settled) timer = setTimeout(then, ms);
    },
  };
}

/** Ends the hold of `res`, if it has one, by closing its connection: what a stopping server does to held answers. */
export function releaseHeld(res: ServerResponse): void {
  (res as Holding)[RELEASE]?.();
}
