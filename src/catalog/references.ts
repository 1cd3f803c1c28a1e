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

function upserted<T>(kind: CatalogKind, scope: ReferenceScope, fields: Record<string, unknown>): Resolved<T> {
  const upsert = upsertByKey(kind, scope, fields);
  return {
    record: upsert.record as T,
    write: { collection: kind.collection, record: upsert.record },
    event: recordEvent(kind, scope.clientId, upsert),
  };
}

export function resolveCustomer(
  scope: ReferenceScope,
  customer: { customerId?: string } & Record<string, unknown>,
  path: string,
): Resolution<CustomerRecord> {
  if (typeof customer.customerId === 'string') {
    const found = lookup<CustomerRecord>(scope, 'customers', customer.customerId);
    return found ? { record: found } : unknown(`${path}.customerId`);
  }
  return upserted<CustomerRecord>(CUSTOMERS, scope, customer);
}

export function resolvePlan(
  scope: ReferenceScope,
  plan: { planId?: string } & Record<string, unknown>,
  path: string,
): Resolution<PlanRecord> {
  if (typeof plan.planId === 'string') {
    const found = lookup<PlanRecord>(scope, 'plans', plan.planId);
    return found ? { record: found } : unknown(`${path}.planId`);
  }
  return upserted<PlanRecord>(PLANS, scope, plan);
}

export function resolveProduct(
  scope: ReferenceScope,
  item: { productId?: string } & Record<string, unknown>,
  path: string,
): Resolution<ProductRecord> {
  if (typeof item.productId === 'string') {
    const found = lookup<ProductRecord>(scope, 'products', item.productId);
    return found ? { record: found } : unknown(`${path}.productId`);
  }
  const { quantity: _quantity, ...productFields } = item;
  return upserted<ProductRecord>(PRODUCTS, scope, productFields);
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
