/**
 * A refusal given before the request's body was read whole (413 past the limit, a header Node cannot parse) must
 * still reach the client. Closing the socket while the client is still sending leaves its bytes unread, and the
 * kernel answers unread bytes with a reset: a client still writing (Node's `fetch`) then meets EPIPE or
 * ECONNRESET, and the answer already in its receive buffer is thrown away with the connection. So the connection
 * lingers: the answer is sent and the sending side closed (FIN), what the client still sends is read and
 * discarded until it is done, and only then is the socket closed. Bounded, so a client that never stops cannot
 * keep it: after DRAIN_LIMIT_BYTES more bytes or DRAIN_LIMIT_MS, it is closed anyway.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';

export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
export const DRAIN_LIMIT_MS = 5_000;

/**
 * For an answer sent with `Connection: close` before `req`'s body was read: Node closes such a connection as soon
 * as the answer is written (`destroySoon`); it now only half-closes, and closes once the body is drained.
 */
export function lingerAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
  const socket = req.socket as Socket & { destroySoon?: () => void };
  const closeWhenFlushed = socket.destroySoon?.bind(socket) ?? (() => socket.end());
  socket.destroySoon = () => socket.end();
  // The body may be drained before the answer is written (it was all buffered already): close after both.
  drainThen(req, socket, () => (res.writableFinished ? closeWhenFlushed() : res.once('finish', closeWhenFlushed)));
}

/** Marks a socket answered and draining: Node reports each further chunk its parser refuses, already answered. */
const LINGERING = Symbol('lingering');
type MarkedSocket = Socket & { [LINGERING]?: true };

/** For an answer written on the socket itself (a request Node could not parse): drain what still comes, then close. */
export function lingerOnSocket(socket: Socket): void {
  (socket as MarkedSocket)[LINGERING] = true;
  drainThen(socket, socket, () => socket.destroy());
}

export function isLingering(socket: Socket): boolean {
  return (socket as MarkedSocket)[LINGERING] === true;
}

/** Reads and discards `source` until it ends, its socket closes or the bounds run out, then `close` (once). */
function drainThen(source: Readable, socket: Socket, close: () => void): void {
  let drained = 0;
  let closed = false;
  const done = () => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    source.off('data', onData);
    close();
  };
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) done();
  };
  const timer = setTimeout(done, DRAIN_LIMIT_MS);
  timer.unref();
  source.on('data', onData).once('end', done).once('error', done);
  // A request's own 'close' comes with its answer, before its body is drained: the socket's says it is gone.
  socket.once('close', done);
  source.resume();
}
