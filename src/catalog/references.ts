/**
 * Resolving the records a request points at: either a reference to an existing record of the caller
 * (`{customerId}`, `{planId}`, `{productId}`) or new data upserted by its merchant key. Nothing is written
 * here; unknown references become details naming the field.
 */
import type { RecordEvent } from '../domain/events.ts';
import { failure, type ErrorDetail, type Failure } from '../errors/failures.ts';
import type { CollectionName, CustomerRecord, PlanRecord, ProductRecord, RecordWrite, StoredRecord } from '../domain/records.ts';
import { CUSTOMERS, PLANS, PRODUCTS, type CatalogKind } from './catalog-kinds.ts';
import { recordEvent } from './record-events.ts';
import type { ReferenceScope } from './upsert-scope.ts';
import { upsertByKey } from './upsert.ts';

export interface Resolved<T> {
  record: T;
  /** Set when the record is new or changed and must be written with the request's other changes. */
  write?: RecordWrite;
  /** The event of that write. */
  event?: RecordEvent;
}

export type Resolution<T> = Resolved<T> | { problem: ErrorDetail };

function unknown(path: string): { problem: ErrorDetail } {
  return { problem: { path, message: 'referência desconhecida para este cliente' } };
}

function lookup<T extends StoredRecord>(scope: ReferenceScope, collection: CollectionName, id: string): T | undefined {
  const record = scope.store.get<T>(collection, id);
  return record && record.clientId === scope.clientId ? record : undefined;
}

/**
 * The one shape of every reference: the kind's reference field (`customerId`) names an existing record of the
 * caller, or else the fields upsert one by its merchant key. `path` locates the reference in the request.
 */
function resolveReference<T extends StoredRecord>(
  kind: CatalogKind,
  scope: ReferenceScope,
  fields: Record<string, unknown>,
  path: string,
): Resolution<T> {
  const id = fields[kind.referenceField];
  if (typeof id === 'string') {
    const found = lookup<T>(scope, kind.collection, id);
    return found ? { record: found } : unknown(`${path}.${kind.referenceField}`);
  }
  const upsert = upsertByKey(kind, scope, fields);
  return {
    record: upsert.record as T,
    write: { collection: kind.collection, record: upsert.record },
    event: recordEvent(kind, scope.clientId, upsert),
  };
}

export function resolveCustomer(scope: ReferenceScope, customer: Record<string, unknown>, path: string): Resolution<CustomerRecord> {
  return resolveReference<CustomerRecord>(CUSTOMERS, scope, customer, path);
}

export function resolvePlan(scope: ReferenceScope, plan: Record<string, unknown>, path: string): Resolution<PlanRecord> {
  return resolveReference<PlanRecord>(PLANS, scope, plan, path);
}

/** An order's item: its quantity belongs to the order line, not to the product. */
export function resolveProduct(scope: ReferenceScope, item: Record<string, unknown>, path: string): Resolution<ProductRecord> {
  const { quantity: _quantity, ...product } = item;
  return resolveReference<ProductRecord>(PRODUCTS, scope, product, path);
}

export function isProblem<T>(resolution: Resolution<T>): resolution is { problem: ErrorDetail } {
  return 'problem' in resolution;
}

/** The writes and events of the resolutions that created or changed a record. */
export function changesOf(resolutions: ReadonlyArray<Resolved<unknown>>): { writes: RecordWrite[]; events: RecordEvent[] } {
  return {
    writes: resolutions.flatMap((resolution) => (resolution.write ? [resolution.write] : [])),
    events: resolutions.flatMap((resolution) => (resolution.event ? [resolution.event] : [])),
  };
}

/** The 400 for references that name no record of the caller, listing every one. */
export function unknownReferences(details: readonly ErrorDetail[]): Failure {
  return failure('unknown_references', { fields: details.map((detail) => detail.path).join(', ') }, { details: [...details] });
}
