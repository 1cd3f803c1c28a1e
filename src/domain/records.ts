/**
 * Stored shapes of the resources (docs/assumptions.md). A stored record is its public body
 * plus `clientId` (the owner) and `_`-prefixed bookkeeping, both removed by `toPublic`.
 */
import type { FailureReason } from './payer-outcomes.ts';

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
] as const;

export type CollectionName = (typeof COLLECTIONS)[number];

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

export type Metadata = Record<string, unknown>;

interface Timestamps {
  createdAt: string;
  updatedAt: string;
}

export interface ProductRecord extends StoredRecord, Timestamps {
  name: string;
  description?: string;
  price: number;
  imageUrl?: string;
  originProductId?: string;
  metadata?: Metadata;
}

export interface CustomerRecord extends StoredRecord, Timestamps {
  name?: string;
  email?: string;
  phone?: string;
  addressLine?: string;
  city?: string;
  postalCode?: string;
  taxId?: string;
  merchantCustomerId?: string;
  metadata?: Metadata;
}

export const PLAN_INTERVALS = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export interface PlanRecord extends StoredRecord, Timestamps {
  name: string;
  description?: string;
  price: number;
  currency: 'MZN';
  interval: PlanInterval;
  intervalCount: number;
  metadata?: Metadata;
  originPlanId?: string;
}

export const SUBSCRIPTION_STATUSES = ['PENDING', 'ACTIVE', 'PAST_DUE', 'CANCELLED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionRecord extends StoredRecord, Timestamps {
  status: SubscriptionStatus;
  planId: string;
  customerId: string;
  name?: string;
  description?: string;
  originSubscriptionId?: string;
  attempts: number;
  maxAttempts: number;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** The latest charge (pending, or the last paid or failed one), so billing finds it without a scan. */
  _paymentId?: string;
}

export const ORDER_STATUSES = ['PENDING', 'PAID', 'FAILED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderItem {
  productId: string;
  name: string;
  quantity: number;
  price: number;
  total: number;
}

export interface ShippingAddress {
  street?: string;
  number?: string;
  city?: string;
  zipCode?: string;
  country?: string;
}

export interface OrderRecord extends StoredRecord, Timestamps {
  orderId: string;
  status: OrderStatus;
  customerId: string;
  items: OrderItem[];
  subtotal: number;
  shippingCost: number;
  amount: number;
  currency: 'MZN';
  source?: { source: string };
  shippingAddress?: ShippingAddress;
  shippingAddressDisabled?: boolean;
  deliveryInfoDisabled?: boolean;
  statusHistory: Array<{ status: OrderStatus; at: string }>;
  /** The order's payment, so a status change updates it without a scan. */
  _paymentId?: string;
}

/** How often an order's status was polled: kept beside the order (collection `orderPolls`, same id). */
export interface OrderPollsRecord extends StoredRecord {
  polls: number;
}

export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'CANCELLED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentMethod = 'mpesa' | 'emola';

export interface PaymentRecord extends StoredRecord, Timestamps {
  orderId?: string;
  subscriptionId?: string;
  amount: number;
  currency: 'MZN';
  method: PaymentMethod;
  status: PaymentStatus;
  /** Why a FAILED or CANCELLED payment ended so (src/domain/payer-outcomes.ts). */
  failureReason?: FailureReason;
  /** When the checkout page sent the payer's phone its prompt (the payer's number is `_payerPhone`). */
  _promptAt?: string;
}


export interface TokenRecord extends StoredRecord {
  kind: 'access' | 'refresh';
  /** SHA-256 of the secret; the secret itself is never stored. */
  tokenHash: string;
  /** Last 6 characters of the secret, so a person can tell tokens apart in a list. */
  tokenHint: string;
  issuedAt: string;
  /** Issue order within the client: timestamps tie within a millisecond (and always on a frozen clock). */
  sequence: number;
  /** Access tokens only; refresh tokens stay valid until revoked. */
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  /** For access tokens: the refresh token they were issued with (revoking it cascades). */
  refreshTokenId: string | null;
}
