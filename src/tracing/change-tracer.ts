/**
 * The event bus's stager and listener (store/event-bus.ts) made of the tracing: a change's span starts when it is
 * staged (a child of the request that made it, `ChangeContext.trace`, else linked to its orders' traces) and
 * ends when its events are published, that is once it is durable; a change taken back ends it as failed.
 */
import type { DomainEvent, EventListener } from '../domain/events.ts';
import type { EventBus } from '../store/event-bus.ts';
import type { Tracing } from './tracing-types.ts';

/** Plugs the tracing into the bus: each change a span, from its staging to its being durable. */
export function traceChanges(events: Pick<EventBus, 'addStager' | 'subscribe'>, tracing: Tracing): void {
  const pending = new WeakMap<DomainEvent, { end(failed?: boolean): void }>();
  events.addStager('trace', (staged, context) => {
    if (staged.length === 0) return undefined;
    const change = tracing.startChange(context.trace, staged);
    for (const event of staged) pending.set(event, change);
    return () => change.end(true);
  });
  const listener: EventListener = (event) => {
    pending.get(event)?.end();
    pending.delete(event);
  };
  events.subscribe(listener);
}
