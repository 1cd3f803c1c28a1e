/**
 * The three resources that are created, synchronised by a merchant key and batch-synchronised the same way:
 * products (originProductId), customers (merchantCustomerId) and plans (originPlanId).
 */
import type { CollectionName } from '../store/types.ts';

export interface CatalogKind {
  collection: Extract<CollectionName, 'products' | 'customers' | 'plans'>;
  idPrefix: string;
  /** The merchant's identifier, key of sync. */
  key: string;
  /** Field of the batch request holding the records. */
  batchField: string;
  /** Fields a new record gets when the request leaves them out. */
  defaults: Record<string, unknown>;
}

export const PRODUCTS: CatalogKind = {
  collection: 'products',
  idPrefix: 'prod',
  key: 'originProductId',
  batchField: 'products',
  defaults: {},
};

export const CUSTOMERS: CatalogKind = {
  collection: 'customers',
  idPrefix: 'cus',
  key: 'merchantCustomerId',
  batchField: 'customers',
  defaults: {},
};

export const PLANS: CatalogKind = {
  collection: 'plans',
  idPrefix: 'plan',
  key: 'originPlanId',
  batchField: 'plans',
  defaults: { currency: 'MZN', intervalCount: 1 },
};
