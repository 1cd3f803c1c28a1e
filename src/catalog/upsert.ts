/**
 * Create-or-update by merchant key, computed without writing: callers collect the results and write them
 * with one `putMany`, so a request that fails half-way has written nothing. Pure: the existing record is
 * found through the scope's `lookup`, which the calling flow backs with its store.
 */
import type { CollectionName, StoredRecord } from '../domain/records.ts';
import type { Random } from '../platform/random.ts';
import type { CatalogKind } from './catalog-kinds.ts';

export interface Upsert {
  record: StoredRecord;
  created: boolean;
}

export interface UpsertScope {
  random: Random;
  clientId: string;
  now: string;
  /** The client's record of `collection` whose merchant key `key` is `value`, if any. */
  lookup: (collection: CollectionName, key: string, value: string) => StoredRecord | undefined;
  /** Records already planned in this request, by collection and merchant key, so a repeated key updates once. */
  pending?: Map<string, StoredRecord>;
}

export function newRecord(kind: CatalogKind, scope: UpsertScope, fields: Record<string, unknown>): StoredRecord {
  return {
    ...kind.defaults,
    ...fields,
    id: scope.random.id(kind.idPrefix),
    clientId: scope.clientId,
    createdAt: scope.now,
    updatedAt: scope.now,
  };
}

/** Merge the sent fields over the existing record (sync update), or create it. */
export function upsertByKey(kind: CatalogKind, scope: UpsertScope, fields: Record<string, unknown>): Upsert {
  const keyValue = typeof fields[kind.key] === 'string' ? (fields[kind.key] as string) : undefined;
  // Keys of different kinds may share a value ("1" as both customer and product key): scope by collection.
  const pendingKey = `${kind.collection}\u0000${keyValue}`;
  const existing =
    keyValue === undefined ? undefined : (scope.pending?.get(pendingKey) ?? scope.lookup(kind.collection, kind.key, keyValue));
  const record = existing
    ? { ...existing, ...fields, id: existing.id, clientId: existing.clientId, createdAt: existing['createdAt'], updatedAt: scope.now }
    : newRecord(kind, scope, fields);
  if (keyValue !== undefined) scope.pending?.set(pendingKey, record);
  return { record, created: !existing };
}
