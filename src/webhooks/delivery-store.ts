/**
 * The webhooks' durable outbox: every delivery is a record of the store's `webhookDeliveries` collection, written
 * in the same commit as the change that caused it and rewritten after each attempt, so pending deliveries resume
 * after a restart at their next attempt time, under the same delivery and event ids.
 */
import type { StoredRecord } from '../domain/records.ts';
import type { Store } from '../store/store-types.ts';
import type { Delivery } from './delivery-log.ts';

const COLLECTION = 'webhookDeliveries';

export interface DeliveryStore {
  /** Every stored delivery of these clients, oldest first (live copies the caller may change). */
  load(clientIds: readonly string[]): Delivery[];
  save(delivery: Delivery): void;
  remove(id: string): void;
  /** The stored deliveries become exactly `deliveries`. */
  replaceAll(clientIds: readonly string[], deliveries: readonly Delivery[]): void;
}

export function deliveryStore(store: Store): DeliveryStore {
  const load = (clientIds: readonly string[]) =>
    clientIds
      .flatMap((clientId) => store.list(COLLECTION, clientId).map((record) => structuredClone(record) as unknown as Delivery))
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  return {
    load,
    save: (delivery) => store.put(COLLECTION, delivery as unknown as StoredRecord),
    remove: (id) => store.remove(COLLECTION, id),
    replaceAll(clientIds, deliveries) {
      const kept = new Set(deliveries.map((delivery) => delivery.id));
      for (const stored of load(clientIds)) if (!kept.has(stored.id)) store.remove(COLLECTION, stored.id);
      if (deliveries.length > 0) store.putMany(deliveries.map((delivery) => ({ collection: COLLECTION, record: delivery as unknown as StoredRecord })));
    },
  };
}
