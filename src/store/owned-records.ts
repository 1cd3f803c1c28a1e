/**
 * Owner-scoped lookups: a record of the calling client, by id; another client's record is as unknown as a
 * missing one (docs/assumptions.md: each client sees only its own records).
 */
import type { CollectionName, StoredRecord } from '../domain/records.ts';
import type { Store } from './store-types.ts';

export function ownRecord<T extends StoredRecord>(
  store: Store,
  collection: CollectionName,
  clientId: string,
  id: string | undefined,
): T | undefined {
  const record = id === undefined ? undefined : store.get<T>(collection, id);
  return record && record.clientId === clientId ? record : undefined;
}

/** The client's records of a collection (that pass `keep`), oldest first; without `keep`, the store's own list. */
export function ownRecords<T extends StoredRecord>(
  store: Store,
  collection: CollectionName,
  clientId: string,
  keep?: (record: Readonly<T>) => boolean,
): ReadonlyArray<Readonly<T>> {
  const records = store.list<T>(collection, clientId);
  return keep ? records.filter(keep) : records;
}

/** The filter of a list of orders or subscriptions (query `status`, `customerId`): a field left out keeps all. */
export interface StatusAndCustomerFilter {
  status?: unknown;
  customerId?: unknown;
}

export function byStatusAndCustomer(filter: StatusAndCustomerFilter): (record: Readonly<{ status: unknown; customerId: unknown }>) => boolean {
  return (record) =>
    (filter.status === undefined || record.status === filter.status) &&
    (filter.customerId === undefined || record.customerId === filter.customerId);
}
