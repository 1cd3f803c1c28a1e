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
  /** Field by which an order or a subscription names an existing record instead of giving its data. */
  referenceField: string;
  /** Fields a new record gets when the request leaves them out. */
  defaults: Record<string, unknown>;
  /** Domain events of a created and of an updated record. */
  events: { created: RecordEvent['type']; updated: RecordEvent['type'] };
}

/** One kind, named after its record (`product`): its id prefix, reference field and events follow that name. */
function catalogKind(
  collection: CatalogKind['collection'],
  name: 'product' | 'customer' | 'plan',
  key: string,
  defaults: Record<string, unknown> = {},
): CatalogKind {
  return {
    collection,
    idPrefix: ID_PREFIX[name],
    key,
    // The batch request holds its records in a field named after the collection (`{products: [...]}`).
    batchField: collection,
    referenceField: `${name}Id`,
    defaults,
    events: { created: `${name}.created`, updated: `${name}.updated` },
  };
}

export const PRODUCTS: CatalogKind = catalogKind('products', 'product', 'originProductId');

export const CUSTOMERS: CatalogKind = catalogKind('customers', 'customer', 'merchantCustomerId');

export const PLANS: CatalogKind = catalogKind('plans', 'plan', 'originPlanId', { currency: 'MZN', intervalCount: 1 });
