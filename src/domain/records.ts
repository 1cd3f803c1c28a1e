/**
 * Stored shapes of the resources (CONTRACT.md §Resources in responses). A stored record is its public body
 * plus `clientId` (the owner) and `_`-prefixed bookkeeping, both removed by `toPublic`.
 */
import type { StoredRecord } from '../store/types.ts';

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
  /** How many times the status was polled (drives the default scenario). */
  _statusPolls?: number;
  /** The order's payment, so a status change updates it without a scan. */
  _paymentId?: string;
}

export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentMethod = 'mpesa' | 'emola';

export interface PaymentRecord extends StoredRecord, Timestamps {
  orderId?: string;
  subscriptionId?: string;
  amount: number;
  currency: 'MZN';
  method: PaymentMethod;
  status: PaymentStatus;
}

/** The body a client sees: no owner, no bookkeeping. */
export function toPublic(record: StoredRecord): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'clientId' && !key.startsWith('_')));
}
