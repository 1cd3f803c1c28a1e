/**
 * The deliveries the mock remembers, oldest first, bounded: past the limit the oldest finished delivery goes
 * (the oldest of all when every one is still pending), so a receiver that is down for long cannot grow memory.
 */
import type { RecordOf } from '../domain/records.ts';
import type { WebhookPayload } from './payload.ts';

/**
 * A delivery as the outbox keeps it: the document's shape (spec/admin.yaml `Delivery`, collection
 * `webhookDeliveries`), with the payload typed as the webhooks build it (./payload.ts).
 */
export type Delivery = Omit<RecordOf<'webhookDeliveries'>, 'payload'> & { payload: WebhookPayload };
export type DeliveryStatus = Delivery['status'];
export type DeliveryAttempt = Delivery['attempts'][number];

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
