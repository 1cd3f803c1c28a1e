/**
 * The one way a change becomes durable and then visible: what its events cause is staged with it (the webhooks'
 * outbox), everything written is committed to the store, and only then are its events published. The request
 * path (commit stage), the clock, the admin API, the checkout page, scenario effects, the webhooks' attempts and
 * start-up all go through here: no other module calls `store.commit` (test/architecture/durability.test.ts).
 */
import type { DomainEvent } from '../domain/events.ts';
import type { Store } from './store-types.ts';
import type { ChangeContext, EventBus } from './event-bus.ts';
import type { Logger } from '../platform/log.ts';

/**
 * A change as flows, handlers and the parts of the mock report it: an `Outcome`, a `Reply`, or the meta values a
 * part saved. A refused one (`ok: false`) changed nothing.
 */
export interface Change {
  ok?: boolean;
  /** What it wrote to the store (records, meta keys); nothing written and no events: nothing to wait for. */
  written?: readonly unknown[];
  events?: readonly DomainEvent[];
}

/**
 * Resolves once the changes are durable and their events published; rejects when the disk refused them, or when a
 * stager threw: then nothing of the change is written (everything not yet durable is taken back, as a refused
 * append does) and nothing is published.
 */
export type ApplyChange = (change: Change | readonly Change[], context?: ChangeContext) => Promise<void>;

/** `events` omitted: a change no listener hears of (start-up, before the app and its bus exist). */
export function changeApplier(store: Pick<Store, 'commit' | 'abandon'>, events?: Pick<EventBus, 'stage' | 'publish'>, logger?: Pick<Logger, 'error'>): ApplyChange {
  const apply = async (change: Change | readonly Change[], context: ChangeContext = {}) => {
    const done = (Array.isArray(change) ? (change as readonly Change[]) : [change as Change]).filter((one) => one.ok !== false);
    const caused = done.flatMap((one) => one.events ?? []);
    if (caused.length > 0 && events) stageOrAbandon(store, events, caused, context, logger);
    // Called synchronously (before any await): between a handler's writes and this commit nothing waits on I/O.
    if (caused.length > 0 || done.some((one) => (one.written?.length ?? 0) > 0)) await store.commit();
    if (caused.length > 0) events?.publish(caused);
  };
  // A read's reply (one change, nothing written, no event) is most of what the API answers: nothing to do for it.
  return (change, context) => (!Array.isArray(change) && changesNothing(change as Change) ? NOTHING_TO_DO : apply(change, context));
}

const NOTHING_TO_DO: Promise<void> = Promise.resolve();

/** A stager that throws fails the change: memory goes back to what is durable, and the error reaches the caller. */
function stageOrAbandon(
  store: Pick<Store, 'abandon'>,
  events: Pick<EventBus, 'stage'>,
  caused: readonly DomainEvent[],
  context: ChangeContext,
  logger?: Pick<Logger, 'error'>,
): void {
  try {
    events.stage(caused, context);
  } catch (error) {
    store.abandon(error);
    logger?.error(`a change of ${caused.length} events was not made: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
}

/** Nothing written and no events: applying it has nothing to do, and a caller need not wait a turn for it. */
export function changesNothing(change: Change): boolean {
  return (change.written?.length ?? 0) === 0 && (change.events?.length ?? 0) === 0;
}
