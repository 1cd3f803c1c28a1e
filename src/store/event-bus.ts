/**
 * Delivers domain events to listeners (webhooks, journals, tests), in order, after the change that caused
 * them is durable. A listener that throws is logged and does not disturb the request or other listeners.
 * A stager is part of the change itself: one that throws fails the whole change (store/apply-change.ts).
 */
import type { DomainEvent, EventListener } from '../domain/events.ts';
import type { Logger } from '../platform/log.ts';

/**
 * What the boundary that made a change already knows of it, handed to the stagers so they do not look it up again.
 * Empty here: a layer above declares what it carries (`declare module`, as deps/world.ts adds the worlds of the
 * change's clients), so the store names no feature above it.
 */
export interface ChangeContext {}

export interface EventBus {
  /**
   * Before the commit of the change that caused them: stagers write what must be durable with it (an outbox).
   * Throws a `StagingError` naming the stager when one throws: the change must then not be committed.
   */
  stage(events: readonly DomainEvent[], context?: ChangeContext): void;
  /** Adds a stager under a name the log uses (it runs synchronously before the commit). */
  addStager(name: string, stager: Stager): void;
  publish(events: readonly DomainEvent[]): void;
  /** Adds a listener; returns its removal. */
  subscribe(listener: EventListener): () => void;
}

/**
 * Writes what must be durable with a change (to the store, which `abandon` takes back). One that also keeps
 * something outside the store returns how to take that back, called when a later stager throws.
 */
export type Stager = (events: readonly DomainEvent[], context: ChangeContext) => void | (() => void);

/** A stager threw: the change it was staging with cannot be made whole. */
export class StagingError extends Error {
  constructor(
    readonly stager: string,
    cause: unknown,
  ) {
    super(`the stager "${stager}" failed: ${String((cause as Error)?.stack ?? cause)}`, { cause });
    this.name = 'StagingError';
  }
}

export function createEventBus(initial: readonly EventListener[], logger: Logger): EventBus {
  const listeners = new Set(initial);
  const stagers: Array<{ name: string; stager: Stager }> = [];
  return {
    stage(events, context = {}) {
      const undos: Array<() => void> = [];
      for (const { name, stager } of stagers) {
        try {
          const undo = stager(events, context);
          if (undo) undos.push(undo);
        } catch (error) {
          for (const undo of undos.reverse()) undo();
          throw new StagingError(name, error);
        }
      }
    },
    addStager: (name, stager) => void stagers.push({ name, stager }),
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
