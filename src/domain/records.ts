/**
 * The stored records (docs/assumptions.md). Each record's shape is written once, in spec/admin.yaml (the `State`
 * an export gives and an import takes, its `Stored…` schemas); the types here are the document's (`npm run types`).
 * A record is its public body plus `clientId` (the owner) and `_`-prefixed bookkeeping, both removed by `toPublic`:
 * domain/public-view.ts checks that body against spec/openapi.yaml, and state/stored-schemas.ts checks the import's
 * zod schemas against these types, so `tsc -b` fails when any of the three drifts.
 */
import type { components as AdminDocument } from '../generated/admin-types.gen.ts';
import type { components as ApiDocument } from '../generated/api-types.gen.ts';
import type { Drift, Expect } from './same-shape.ts';

type ApiSchemas = ApiDocument['schemas'];

export const COLLECTIONS = [
  'tokens',
  'products',
  'customers',
  'plans',
  'subscriptions',
  'orders',
  'payments',
  'orderPolls',
  /** The webhooks' durable outbox: each delivery with its attempts and next attempt time. */
  'webhookDeliveries',
  /** The payers' wallets (src/wallets/): balance, PIN, limits and lock, one per client and number. */
  'wallets',
  /** Each wallet's statement: a line per debit and per failed attempt. */
  'walletEntries',
  /** The outcomes armed for a client's next moves (src/armed/), each with its count down and firings. */
  'armedOutcomes',
] as const;

export type CollectionName = (typeof COLLECTIONS)[number];

type DocumentedCollections = Required<AdminDocument['schemas']['State']['store']['collections']>;

/** The record a collection holds, as spec/admin.yaml describes it. */
export type RecordOf<C extends CollectionName> = DocumentedCollections[C][string];

/** Every stored record belongs to exactly one API client (per-client isolation). */
export interface StoredRecord {
  id: string;
  clientId: string;
  [field: string]: unknown;
}

/** One record a flow wrote, as it reports it. */
export interface RecordWrite {
  collection: CollectionName;
  record: StoredRecord;
}

export type Metadata = ApiSchemas['Metadata'];

export type ProductRecord = RecordOf<'products'>;
export type CustomerRecord = RecordOf<'customers'>;
export type PlanRecord = RecordOf<'plans'>;
export type SubscriptionRecord = RecordOf<'subscriptions'>;
export type OrderRecord = RecordOf<'orders'>;
export type OrderItem = OrderRecord['items'][number];
export type ShippingAddress = NonNullable<OrderRecord['shippingAddress']>;
export type PaymentRecord = RecordOf<'payments'>;
export type PaymentMethod = PaymentRecord['method'];
export type TokenRecord = RecordOf<'tokens'>;
/** How often an order's status was polled: kept beside the order (collection `orderPolls`, same id). */
export type OrderPollsRecord = RecordOf<'orderPolls'>;

// The lists the code walks (and zod checks with): each the document's enum, written again as a value.
export const PLAN_INTERVALS = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
export const SUBSCRIPTION_STATUSES = ['PENDING', 'ACTIVE', 'PAST_DUE', 'CANCELLED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const ORDER_STATUSES = ['PENDING', 'PAID', 'FAILED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'CANCELLED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Compile-time: `tsc -b` fails when a list above and the documents' enums (either document) part. */
export type RecordListChecks = [
  Expect<Drift<CollectionName, keyof DocumentedCollections>>,
  Expect<Drift<PlanInterval, PlanRecord['interval']>>,
  Expect<Drift<PlanInterval, ApiSchemas['PlanInterval']>>,
  Expect<Drift<SubscriptionStatus, SubscriptionRecord['status']>>,
  Expect<Drift<SubscriptionStatus, ApiSchemas['SubscriptionStatusValue']>>,
  Expect<Drift<OrderStatus, OrderRecord['status']>>,
  Expect<Drift<OrderStatus, OrderRecord['statusHistory'][number]['status']>>,
  Expect<Drift<OrderStatus, ApiSchemas['OrderStatusValue']>>,
  Expect<Drift<PaymentStatus, PaymentRecord['status']>>,
  Expect<Drift<PaymentStatus, ApiSchemas['PaymentStatusValue']>>,
];
