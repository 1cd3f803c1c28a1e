/**
 * Makes a successful answer's writes durable before it is sent, then hands its domain events to the bus: no
 * client hears of a change, and no listener sees an event, that a crash could still undo. An answer that wrote
 * nothing does not wait: a read never depends on the disk (a token's `lastUsedAt`, refreshed while verifying it,
 * is bookkeeping, flushed with the next append).
 *
 * Keep it right before `handle`: between the handler's writes and this commit nothing may wait on real I/O. A
 * write the disk refuses is rolled back together with everything pending; a commit that only starts after such a
 * rollback finds nothing pending and would resolve. Stages that delay or fail requests belong before this one.
 */
import type { DomainEvent } from '../../domain/events.ts';
import type { Stage } from '../stage.ts';

export function commit(
  makeDurable: () => Promise<void>,
  publish: (events: readonly DomainEvent[]) => void,
  /** Writes what the events cause in the same commit (the webhooks' outbox). */
  stage: (events: readonly DomainEvent[]) => void = () => undefined,
): Stage {
  return {
    name: 'commit',
    async run(_request, next) {
      const reply = await next();
      if (!reply.ok) return reply;
      if (reply.events && reply.events.length > 0) stage(reply.events);
      if ((reply.written && reply.written.length > 0) || (reply.events && reply.events.length > 0)) await makeDurable();
      if (reply.events && reply.events.length > 0) publish(reply.events);
      return reply;
    },
  };
}
