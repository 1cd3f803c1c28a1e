/**
 * The catalogue flow: create, sync and batch sync of products, customers and plans (one shape, three kinds),
 * and their owner-scoped reads. Every change is written with one `putMany` and reported with its events.
 */
import { failure, type ErrorDetail } from '../errors/failures.ts';
import { done, type Outcome } from '../domain/outcome.ts';
import type { StoredRecord } from '../domain/records.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { World } from '../deps/world.ts';
import type { CatalogKind } from './catalog-kinds.ts';
import { metadataProblem } from './metadata.ts';
import { ownRecord, ownRecords } from '../store/owned-records.ts';
import { recordEvent } from './record-events.ts';
import { upsertScope } from './upsert-scope.ts';
import { newRecord, upsertByKey, type Upsert } from './upsert.ts';

type Fields = Record<string, unknown>;

export interface SyncedBatch {
  records: StoredRecord[];
  created: number;
  updated: number;
}

export interface CatalogFlow {
  readonly kind: CatalogKind;
  /** A write is made in the world of its client (its clock stamps the records). */
  create(world: World, fields: Fields): Outcome<StoredRecord>;
  sync(world: World, fields: Fields): Outcome<Upsert>;
  syncBatch(world: World, records: readonly Fields[]): Outcome<SyncedBatch>;
  get(clientId: string, id: string | undefined): StoredRecord | undefined;
  list(clientId: string): ReadonlyArray<Readonly<StoredRecord & { createdAt: string }>>;
}

export function catalogFlow(kind: CatalogKind, deps: FlowDeps): CatalogFlow {
  const write = (clientId: string, upserts: readonly Upsert[]) => {
    const written = upserts.map(({ record }) => ({ collection: kind.collection, record }));
    deps.store.putMany(written);
    return { written, events: upserts.map((upsert) => recordEvent(kind, clientId, upsert)) };
  };
  return {
    kind,
    create(world, fields) {
      const { clientId } = world;
      const problem = metadataProblem(fields);
      if (problem) return failure('invalid_request', { details: [problem] });
      if (keyInUse(kind, deps, clientId, fields)) return failure('duplicate_merchant_key', { key: kind.key });
      const record = newRecord(kind, upsertScope(deps, world), fields);
      const { written, events } = write(clientId, [{ record, created: true }]);
      return done(record, written, events);
    },
    sync(world, fields) {
      const { clientId } = world;
      const problem = metadataProblem(fields);
      if (problem) return failure('invalid_request', { details: [problem] });
      const upsert = upsertByKey(kind, upsertScope(deps, world), fields);
      const { written, events } = write(clientId, [upsert]);
      return done(upsert, written, events);
    },
    syncBatch(world, records) {
      const { clientId } = world;
      const details = records
        .map((fields, index) => metadataProblem(fields, `${kind.batchField}[${index}]`))
        .filter((detail): detail is ErrorDetail => detail !== undefined);
      if (details.length > 0) return failure('invalid_request', { details });
      const scope = upsertScope(deps, world, { repeatedKeys: true });
      const upserts = records.map((fields) => upsertByKey(kind, scope, fields));
      const { written, events } = write(clientId, upserts);
      const created = upserts.filter((upsert) => upsert.created).length;
      return done({ records: upserts.map((upsert) => upsert.record), created, updated: upserts.length - created }, written, events);
    },
    get: (clientId, id) => ownRecord(deps.store, kind.collection, clientId, id),
    list: (clientId) => ownRecords(deps.store, kind.collection, clientId),
  };
}

/** Create is not sync: a merchant key already in use is refused rather than silently duplicated. */
function keyInUse(kind: CatalogKind, deps: FlowDeps, clientId: string, fields: Fields): boolean {
  const value = fields[kind.key];
  return typeof value === 'string' && deps.store.findByKey(kind.collection, kind.key, clientId, value) !== undefined;
}
