/**
 * Delivers domain events to listeners (webhooks, journals, tests), in order, after the change that caused
 * them is durable. A listener that throws is logged and does not disturb the request or other listeners.
 */
import type { DomainEvent, EventListener } from '../domain/events.ts';
import type { Logger } from '../platform/log.ts';

export interface EventBus {
  /** Before the commit of the change that caused them: stagers write what must be durable with it (an outbox). */
  stage(events: readonly DomainEvent[]): void;
  /** Adds a stager (it runs synchronously before the commit; a throw is logged). */
  addStager(stager: (events: readonly DomainEvent[]) => void): void;
  publish(events: readonly DomainEvent[]): void;
  /** Adds a listener; returns its removal. */
  subscribe(listener: EventListener): () => void;
}

export function createEventBus(initial: readonly EventListener[], logger: Logger): EventBus {
  const listeners = new Set(initial);
  const stagers: Array<(events: readonly DomainEvent[]) => void> = [];
  return {
    stage(events) {
      for (const stager of stagers) {
        try {
          stager(events);
        } catch (error) {
          logger.error(`staging ${events.length} events failed: ${String((error as Error)?.stack ?? error)}`);
        }
      }
    },
    addStager: (stager) => void stagers.push(stager),
    publish(events) {
      for (const event of events) {
        for (const listener of listeners) {
          try {
            listener(event);
          } catch (error) {
            logger.error(`listener of ${event.type} failed: ${String((error as Error)?.stack ?? error)}`);
          }
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
