/**
 * Create, list, get, sync and batch sync for products, customers and plans (one shape, three kinds).
 */
import type { CatalogKind } from '../domain/catalog-kinds.ts';
import { metadataProblem } from '../domain/metadata.ts';
import { paginate } from '../domain/pagination.ts';
import { toPublic } from '../domain/records.ts';
import { newRecord, upsertByKey, type UpsertScope } from '../domain/upsert.ts';
import { failure, type ErrorDetail } from '../http/errors.ts';
import { created, okData, okPage } from '../http/reply.ts';
import type { StoredRecord } from '../store/types.ts';
import type { AppDeps } from '../deps.ts';
import { callerOf, type Handler, type HandlerInput } from './types.ts';

type Fields = Record<string, unknown>;

export interface CatalogHandlers {
  create: Handler;
  list: Handler;
  get: Handler;
  sync: Handler;
  syncBatch: Handler;
}

function scopeOf(input: HandlerInput, deps: AppDeps, pending?: Map<string, StoredRecord>): UpsertScope {
  return { store: deps.store, random: deps.random, clientId: callerOf(input), now: deps.clock.now().toISOString(), pending };
}

/** A record of the caller's, by id from the path; another client's record is as unknown as a missing one. */
export function ownRecord<T extends StoredRecord>(
  deps: AppDeps,
  collection: CatalogKind['collection'] | 'subscriptions' | 'orders',
  clientId: string,
  id: string | undefined,
): T | undefined {
  const record = id === undefined ? undefined : deps.store.get<T>(collection, id);
  return record && record.clientId === clientId ? record : undefined;
}

export function catalogHandlers(kind: CatalogKind, idParam: string): CatalogHandlers {
  return {
    create(input, deps) {
      const fields = input.body as Fields;
      const problem = metadataProblem(fields) ?? duplicateKeyProblem(kind, input, deps, fields);
      if (problem) return failure('invalid_request', { details: [problem] });
      const record = newRecord(kind, scopeOf(input, deps), fields);
      deps.store.put(kind.collection, record);
      return created(toPublic(record));
    },
    list(input, deps) {
      const page = paginate(deps.store.list<StoredRecord & { createdAt: string }>(kind.collection, callerOf(input)), input.query);
      return okPage(page.items.map(toPublic), page.pagination);
    },
    get(input, deps) {
      const record = ownRecord(deps, kind.collection, callerOf(input), input.params[idParam]);
      return record ? okData(toPublic(record)) : failure('not_found');
    },
    sync(input, deps) {
      const fields = input.body as Fields;
      const problem = metadataProblem(fields);
      if (problem) return failure('invalid_request', { details: [problem] });
      const result = upsertByKey(kind, scopeOf(input, deps), fields);
      deps.store.put(kind.collection, result.record);
      return okData(toPublic(result.record), result.created ? 201 : 200);
    },
    syncBatch(input, deps) {
      const records = (input.body as Record<string, Fields[]>)[kind.batchField] ?? [];
      const details = records
        .map((fields, index) => metadataProblem(fields, `${kind.batchField}[${index}]`))
        .filter((detail): detail is ErrorDetail => detail !== undefined);
      if (details.length > 0) return failure('invalid_request', { details });
      const scope = scopeOf(input, deps, new Map());
      const results = records.map((fields) => upsertByKey(kind, scope, fields));
      deps.store.putMany(results.map((result) => ({ collection: kind.collection, record: result.record })));
      const createdCount = results.filter((result) => result.created).length;
      return {
        ok: true,
        status: 200,
        body: {
          data: results.map((result) => toPublic(result.record)),
          summary: { created: createdCount, updated: results.length - createdCount },
        },
      };
    },
  };
}

/** Create is not sync: a merchant key already in use is refused rather than silently duplicated. */
function duplicateKeyProblem(kind: CatalogKind, input: HandlerInput, deps: AppDeps, fields: Fields): ErrorDetail | undefined {
  const value = fields[kind.key];
  if (typeof value !== 'string') return undefined;
  if (!deps.store.findByKey(kind.collection, kind.key, callerOf(input), value)) return undefined;
  return { path: kind.key, message: `já existe um registo com este ${kind.key}; use a operação sync para o atualizar` };
}
