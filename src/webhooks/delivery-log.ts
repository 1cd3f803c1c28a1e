/**
 * The deliveries the mock remembers, oldest first, bounded: past the limit the oldest finished delivery goes
 * (the oldest of all when every one is still pending), so a receiver that is down for long cannot grow memory.
 */
import type { WebhookEventType, WebhookPayload } from './payload.ts';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryAttempt {
  /** When the attempt started (mock clock, ISO 8601). */
  at: string;
  /** The receiver's HTTP status, when it answered. */
  statusCode?: number;
  /** Why no answer counts: a network error, the timeout, a scenario, a missing endpoint. */
  error?: string;
  /** Real milliseconds the attempt took (0 when nothing was sent). */
  durationMs: number;
}

export interface Delivery {
  /** `whd_…` */
  id: string;
  clientId: string;
  /** The payload's id: shared by a re-send and a duplicate. */
  eventId: string;
  type: WebhookEventType;
  /** Where the latest attempt went (the client's endpoint then). */
  url: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** When the next attempt is due on the mock clock; null once delivered or failed. */
  nextAttemptAt: string | null;
  createdAt: string;
  payload: WebhookPayload;
  /** Set on the extra copy a `duplicateDeliveries` scenario sends: the delivery it duplicates. */
  duplicateOf?: string;
  /** Set on a re-send: the delivery it repeats. */
  resentFrom?: string;
}

export interface DeliveryFilter {
  clientId?: string;
  status?: DeliveryStatus;
  type?: string;
}

export interface DeliveryLog {
  add(delivery: Delivery): void;
  find(id: string): Delivery | undefined;
  /** Oldest first; the live records. */
  all(): readonly Delivery[];
  replace(deliveries: readonly Delivery[]): void;
  clear(): void;
}

export function createDeliveryLog(limit: number, onDrop: (delivery: Delivery) => void = () => undefined): DeliveryLog {
  let deliveries: Delivery[] = [];
  const byId = new Map<string, Delivery>();
  const drop = (index: number) => {
    const [dropped] = deliveries.splice(index, 1);
    if (!dropped) return;
    byId.delete(dropped.id);
    onDrop(dropped);
  };
  const trim = () => {
    while (deliveries.length > limit) {
      const finished = deliveries.findIndex((delivery) => delivery.status !== 'pending');
      drop(finished === -1 ? 0 : finished);
    }
  };
  return {
    add(delivery) {
      deliveries.push(delivery);
      byId.set(delivery.id, delivery);
      trim();
    },
    find: (id) => byId.get(id),
    all: () => deliveries,
    replace(next) {
      deliveries = [...next];
      byId.clear();
      for (const delivery of deliveries) byId.set(delivery.id, delivery);
      trim();
    },
    clear() {
      deliveries = [];
      byId.clear();
    },
  };
}

export function matchesFilter(delivery: Delivery, filter: DeliveryFilter): boolean {
  return (
    (filter.clientId === undefined || delivery.clientId === filter.clientId) &&
    (filter.status === undefined || delivery.status === filter.status) &&
    (filter.type === undefined || delivery.type === filter.type)
  );
}
