/**
 * Makes a successful answer's writes durable before it is sent, then hands its domain events to the bus (both
 * through `applyChange`, store/apply-change.ts): no client hears of a change, and no listener sees an event,
 * that a crash could still undo. An answer that wrote nothing does not wait: a read never depends on the disk (a
 * token's `lastUsedAt`, refreshed while verifying it, is bookkeeping, flushed with the next append).
 *
 * It sits right before `handle` (`precedes`, checked wherever a list is assembled, see ../stage.ts): between the
 * handler's writes and this commit nothing may wait on real I/O. A write the disk refuses is rolled back together
 * with everything pending; a commit that only starts after such a rollback finds nothing pending and would
 * resolve. Stages that delay or fail requests belong before this one.
 */
import { changesNothing, type ApplyChange } from '../../store/apply-change.ts';
import type { ChangeContext } from '../../store/event-bus.ts';
import { whenAnswered, type RequestState, type Stage } from '../stage.ts';

export function commit(applyChange: ApplyChange): Stage {
  return {
    name: 'commit',
    precedes: 'handle',
    run(request, next) {
      // Not an async function: a read's reply (nothing written, no event) goes back up as it came, in the same turn.
      return whenAnswered(next(request), (reply) => (reply.ok && !changesNothing(reply) ? applyChange(reply, worldsOf(request)).then(() => reply) : reply));
    },
  };
}

/**
 * The change's context: what stages added (`request.change`) and the request's world, resolved by the caller stage
 * (the stagers read it instead of resolving it again).
 */
function worldsOf(request: RequestState): ChangeContext {
  return request.world ? { ...request.change, worlds: [request.world] } : { ...request.change };
}
