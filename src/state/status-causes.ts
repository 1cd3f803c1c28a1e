/**
 * Why each order moved, as its events said (`trigger`, src/domain/events.ts): a listener on the domain events, read
 * by an order's story. Held in memory as the request journal is (a restart, a reset or an import forgets it; a
 * deleted tenant's go with it), bounded: past the limit the order heard of longest ago is forgotten first.
 */
import type { DomainEvent, MoveTrigger, OrderEvent } from '../domain/events.ts';
import type { OrderStatus } from '../domain/records.ts';

export interface StatusCause {
  status: OrderStatus;
  at: string;
  trigger: MoveTrigger;
  /** The outcome armed for the client that made the move (src/armed/), by its catalogue id. */
  armed?: string;
}

export interface StatusCauses {
  /** Subscribed to the app's event bus. */
  listener(event: DomainEvent): void;
  /** The causes of an order's moves, oldest first. */
  of(orderId: string): readonly StatusCause[];
  clear(): void;
  forget(clientId: string): void;
}

export const DEFAULT_ORDERS_REMEMBERED = 10_000;

export function createStatusCauses(limit = DEFAULT_ORDERS_REMEMBERED): StatusCauses {
  const causes = new Map<string, { clientId: string; moves: StatusCause[] }>();
  return {
    listener(event) {
      if (!isOrderEvent(event) || event.trigger === undefined) return;
      const known = causes.get(event.orderId) ?? { clientId: event.clientId, moves: [] };
      known.moves.push({ status: event.status, at: event.at, trigger: event.trigger, ...(event.armed !== undefined && { armed: event.armed }) });
      causes.set(event.orderId, known);
      if (causes.size > limit) causes.delete(causes.keys().next().value as string);
    },
    of: (orderId) => causes.get(orderId)?.moves ?? [],
    clear: () => causes.clear(),
    forget(clientId) {
      for (const [orderId, known] of causes) if (known.clientId === clientId) causes.delete(orderId);
    },
  };
}

function isOrderEvent(event: DomainEvent): event is OrderEvent {
  return event.type.startsWith('order.');
}
