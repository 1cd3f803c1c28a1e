/**
 * Resolving the records a request points at: either a reference to an existing record of the caller
 * (`{customerId}`, `{planId}`, `{productId}`) or new data upserted by its merchant key. Nothing is written
 * here; unknown references become details naming the field.
 */
import { CUSTOMERS, PLANS, PRODUCTS } from '../domain/catalog-kinds.ts';
import { upsertByKey, type UpsertScope } from '../domain/upsert.ts';
import type { CustomerRecord, PlanRecord, ProductRecord } from '../domain/records.ts';
import type { ErrorDetail } from '../http/errors.ts';
import type { CollectionName, StoredRecord } from '../store/types.ts';

export interface Resolved<T> {
  record: T;
  /** Set when the record is new or changed and must be written with the request's other changes. */
  write?: { collection: CollectionName; record: StoredRecord };
}

export type Resolution<T> = Resolved<T> | { problem: ErrorDetail };

function unknown(path: string): { problem: ErrorDetail } {
  return { problem: { path, message: 'referência desconhecida para este cliente' } };
}

function lookup<T extends StoredRecord>(scope: UpsertScope, collection: CollectionName, id: string): T | undefined {
  const record = scope.store.get<T>(collection, id);
  return record && record.clientId === scope.clientId ? record : undefined;
}

export function resolveCustomer(
  scope: UpsertScope,
  customer: { customerId?: string } & Record<string, unknown>,
  path: string,
): Resolution<CustomerRecord> {
  if (typeof customer.customerId === 'string') {
    const found = lookup<CustomerRecord>(scope, 'customers', customer.customerId);
    return found ? { record: found } : unknown(`${path}.customerId`);
  }
  const { record } = upsertByKey(CUSTOMERS, scope, customer);
  return { record: record as CustomerRecord, write: { collection: 'customers', record } };
}

export function resolvePlan(
  scope: UpsertScope,
  plan: { planId?: string } & Record<string, unknown>,
  path: string,
): Resolution<PlanRecord> {
  if (typeof plan.planId === 'string') {
    const found = lookup<PlanRecord>(scope, 'plans', plan.planId);
    return found ? { record: found } : unknown(`${path}.planId`);
  }
  const { record } = upsertByKey(PLANS, scope, plan);
  return { record: record as PlanRecord, write: { collection: 'plans', record } };
}

export function resolveProduct(
  scope: UpsertScope,
  item: { productId?: string } & Record<string, unknown>,
  path: string,
): Resolution<ProductRecord> {
  if (typeof item.productId === 'string') {
    const found = lookup<ProductRecord>(scope, 'products', item.productId);
    return found ? { record: found } : unknown(`${path}.productId`);
  }
  const { quantity: _quantity, ...productFields } = item;
  const { record } = upsertByKey(PRODUCTS, scope, productFields);
  return { record: record as ProductRecord, write: { collection: 'products', record } };
}

export function isProblem<T>(resolution: Resolution<T>): resolution is { problem: ErrorDetail } {
  return 'problem' in resolution;
}
