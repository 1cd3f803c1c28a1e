/**
 * The event bus's stager and listener (store/event-bus.ts) made of the tracing: a change's span starts when it is
 * staged (a child of the request that made it, `ChangeContext.trace`, else linked to its orders' traces) and
 * ends when its events are published, that is once it is durable; a change taken back ends it as failed.
 */
import type { DomainEvent, EventListener } from '../domain/events.ts';
import type { Stager } from '../store/event-bus.ts';
import type { Tracing } from './tracing-types.ts';

export function changeTracer(tracing: Tracing): { stager: Stager; listener: EventListener } {
  const pending = new WeakMap<DomainEvent, { end(failed?: boolean): void }>();
  return {
    stager(events, context) {
      if (events.length === 0) return undefined;
      const change = tracing.startChange(context.trace, events);
      for (const event of events) pending.set(event, change);
      return () => change.end(true);
    },
    listener(event) {
      pending.get(event)?.end();
      pending.delete(event);
    },
  };
}
