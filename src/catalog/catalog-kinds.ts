/**
 * The three resources that are created, synchronised by a merchant key and batch-synchronised the same way:
 * products (originProductId), customers (merchantCustomerId) and plans (originPlanId).
 */
import type { RecordEvent } from '../domain/events.ts';
import { ID_PREFIX } from '../domain/ids.ts';
import type { CollectionName } from '../domain/records.ts';

export interface CatalogKind {
  collection: Extract<CollectionName, 'products' | 'customers' | 'plans'>;
  idPrefix: string;
  /** The merchant's identifier, key of sync. */
  key: string;
  /** Field of the batch request holding the records. */
  batchField: string;
  /** Fields a new record gets when the request leaves them out. */
  defaults: Record<string, unknown>;
  /** Domain events of a created and of an updated record. */
  events: { created: RecordEvent['type']; updated: RecordEvent['type'] };
}

export const PRODUCTS: CatalogKind = {
  collection: 'products',
  idPrefix: ID_PREFIX.product,
  key: 'originProductId',
  batchField: 'products',
  defaults: {},
  events: { created: 'product.created', updated: 'product.updated' },
};

export const CUSTOMERS: CatalogKind = {
  collection: 'customers',
  idPrefix: ID_PREFIX.customer,
  key: 'merchantCustomerId',
  batchField: 'customers',
  defaults: {},
  events: { created: 'customer.created', updated: 'customer.updated' },
};

export const PLANS: CatalogKind = {
  collection: 'plans',
  idPrefix: ID_PREFIX.plan,
  key: 'originPlanId',
  batchField: 'plans',
  defaults: { currency: 'MZN', intervalCount: 1 },
  events: { created: 'plan.created', updated: 'plan.updated' },
};
