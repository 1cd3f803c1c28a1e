/** The upsert scope of one request of one client, backed by the store the records flow owns. */
import type { FlowDeps } from '../deps/deps.ts';
import type { Store } from '../store/store-types.ts';
import type { UpsertScope } from './upsert.ts';

/** An upsert scope that also resolves references (`{customerId}`) against the store; it writes nothing itself. */
export interface ReferenceScope extends UpsertScope {
  store: Store;
}


/** `repeatedKeys`: one request may name a merchant key more than once (batch, order items); it upserts once. */
export function upsertScope(deps: FlowDeps, clientId: string, options: { repeatedKeys?: boolean } = {}): ReferenceScope {
  return {
    store: deps.store,
    random: deps.random,
    clientId,
    now: deps.clock.forClient(clientId).now().toISOString(),
    lookup: (collection, key, value) => deps.store.findByKey(collection, key, clientId, value),
    ...(options.repeatedKeys ? { pending: new Map() } : {}),
  };
}
