/** The upsert scope of one request of one client, backed by the store the records flow owns. */
import type { FlowDeps } from '../deps/deps.ts';
import type { World } from '../deps/world.ts';
import type { Store } from '../store/store-types.ts';
import type { UpsertScope } from './upsert.ts';

/** An upsert scope that also resolves references (`{customerId}`) against the store; it writes nothing itself. */
export interface ReferenceScope extends UpsertScope {
  store: Store;
}


/**
 * `repeatedKeys`: one request may name a merchant key more than once (batch, order items); it upserts once. Its
 * records are stamped with the time of the client's world.
 */
export function upsertScope(deps: FlowDeps, world: World, options: { repeatedKeys?: boolean } = {}): ReferenceScope {
  const { clientId } = world;
  return {
    store: deps.store,
    random: deps.random,
    clientId,
    now: world.clock.now().toISOString(),
    lookup: (collection, key, value) => deps.store.findByKey(collection, key, clientId, value),
    ...(options.repeatedKeys ? { pending: new Map() } : {}),
  };
}
