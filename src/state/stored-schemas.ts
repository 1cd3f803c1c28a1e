/**
 * The stored records as zod schemas, one per collection (the shapes of domain/records.ts): what a state import
 * or a snapshot restore must hold before it replaces anything. Every field the flows read is checked (types,
 * enums, ISO instants within the clock's range); fields a request added beyond those (the document allows a
 * few) pass as they are.
 */
import { z } from 'zod';
import { isWithinClockRange } from '../platform/clock.ts';
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PLAN_INTERVALS,
  SUBSCRIPTION_STATUSES,
  type CollectionName,
} from '../domain/records.ts';
import { FAILURE_CODES } from '../domain/payer-outcomes.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 date-time the clock could reach: anything else ends in `RangeError: Invalid time value` later. */
export const instant = z
  .string()
  .refine((text) => ISO_INSTANT.test(text) && isWithinClockRange(Date.parse(text)), 'data-hora ISO 8601 inválida (entre 1970 e 9000)');

const text = z.string().max(10_000);
const reference = z.string().min(1).max(200);
const amount = z.number().min(0).max(1e12);
const count = z.number().int().min(0).max(1e9);
const owned = { id: reference, clientId: reference };
const stamps = { createdAt: instant, updatedAt: instant };
const metadata = z.record(z.string(), z.unknown()).optional();

const product = z.looseObject({
  ...owned,
  ...stamps,
  name: text,
  description: text.optional(),
  price: amount,
  imageUrl: text.optional(),
  originProductId: reference.optional(),
  metadata,
});

const customer = z.looseObject({
  ...owned,
  ...stamps,
  ...Object.fromEntries(['name', 'email', 'phone', 'addressLine', 'city', 'postalCode', 'taxId'].map((field) => [field, text.optional()])),
  merchantCustomerId: reference.optional(),
  metadata,
});

const plan = z.looseObject({
  ...owned,
  ...stamps,
  name: text,
  description: text.optional(),
  price: amount,
  currency: z.literal('MZN'),
  interval: z.enum(PLAN_INTERVALS),
  intervalCount: z.number().int().min(1).max(120),
  metadata,
  originPlanId: reference.optional(),
});

const subscription = z.looseObject({
  ...owned,
  ...stamps,
  status: z.enum(SUBSCRIPTION_STATUSES),
  planId: reference,
  customerId: reference,
  name: text.optional(),
  description: text.optional(),
  originSubscriptionId: reference.optional(),
  attempts: count,
  maxAttempts: z.number().int().min(1).max(1000),
  currentPeriodStart: instant,
  currentPeriodEnd: instant,
  _paymentId: reference.optional(),
});

const orderItem = z.looseObject({ productId: reference, name: text, quantity: z.number().int().min(1), price: amount, total: amount });

const order = z
  .looseObject({
    ...owned,
    ...stamps,
    orderId: reference,
    status: z.enum(ORDER_STATUSES),
    customerId: reference,
    items: z.array(orderItem).min(1),
    subtotal: amount,
    shippingCost: amount,
    amount,
    currency: z.literal('MZN'),
    source: z.looseObject({ source: text }).optional(),
    shippingAddress: z.record(z.string(), text).optional(),
    shippingAddressDisabled: z.boolean().optional(),
    deliveryInfoDisabled: z.boolean().optional(),
    statusHistory: z.array(z.looseObject({ status: z.enum(ORDER_STATUSES), at: instant })).min(1),
    _paymentId: reference.optional(),
  })
  .refine((record) => record.orderId === record.id, { path: ['orderId'], message: 'deve ser igual ao id' });

const payment = z
  .looseObject({
    ...owned,
    ...stamps,
    orderId: reference.optional(),
    subscriptionId: reference.optional(),
    amount,
    currency: z.literal('MZN'),
    method: z.enum(['mpesa', 'emola']),
    status: z.enum(PAYMENT_STATUSES),
    failureReason: z
      .strictObject({ code: z.enum(FAILURE_CODES), providerCode: z.string().max(50).optional(), message: z.string().max(500) })
      .optional(),
    _payerPhone: text.optional(),
    _promptAt: instant.optional(),
  })
  .refine((record) => (record.orderId === undefined) !== (record.subscriptionId === undefined), {
    path: ['orderId'],
    message: 'um pagamento pertence a exatamente um pedido (orderId) ou uma assinatura (subscriptionId)',
  });

const token = z.looseObject({
  ...owned,
  kind: z.enum(['access', 'refresh']),
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/, 'SHA-256 em hexadecimal'),
  tokenHint: z.string().max(6),
  issuedAt: instant,
  sequence: count,
  expiresAt: instant.nullable(),
  revokedAt: instant.nullable(),
  lastUsedAt: instant.nullable(),
  refreshTokenId: reference.nullable(),
});

const orderPolls = z.looseObject({ ...owned, polls: count });

const WEBHOOK_TYPES = ['order.status_changed', 'payment.status_changed', 'subscription.status_changed'] as const;

/** A webhook delivery of the outbox (webhooks/delivery-log.ts `Delivery`), with the payload it sends. */
export const webhookDelivery = z.looseObject({
  ...owned,
  eventId: reference,
  type: z.enum(WEBHOOK_TYPES),
  url: z.string().max(2000),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(
    z.looseObject({ at: instant, statusCode: z.number().int().optional(), error: z.string().optional(), durationMs: z.number().min(0) }),
  ),
  nextAttemptAt: instant.nullable(),
  createdAt: instant,
  payload: z.looseObject({ id: reference, type: z.enum(WEBHOOK_TYPES), createdAt: instant, data: z.record(z.string(), z.unknown()) }),
  duplicateOf: reference.optional(),
  resentFrom: reference.optional(),
});

const centavos = z.number().int().min(-1e14).max(1e14);

const wallet = z.looseObject({
  ...owned,
  ...stamps,
  phone: z.string().regex(/^\+2588[4-7]\d{7}$/, 'número moçambicano M-Pesa ou e-Mola em E.164'),
  provider: z.enum(['mpesa', 'emola']),
  balanceCentavos: centavos,
  pinHash: z.string().regex(/^sha256\$[A-Za-z0-9_-]{1,64}\$[0-9a-f]{64}$/),
  perTransactionCentavos: centavos.min(0).optional(),
  perDayCentavos: centavos.min(0).optional(),
  status: z.enum(['active', 'locked']),
  wrongPins: count,
  lockAfterWrongPins: z.number().int().min(1).max(100),
  _promptPaymentId: reference.optional(),
});

const walletEntry = z.looseObject({
  ...owned,
  phone: z.string().min(1).max(30),
  kind: z.enum(['debit', 'failed', 'cancelled']),
  amountCentavos: centavos.min(0),
  balanceAfterCentavos: centavos,
  paymentId: reference,
  orderId: reference.optional(),
  subscriptionId: reference.optional(),
  createdAt: instant,
});

export const STORED_RECORD_SCHEMAS: Readonly<Record<CollectionName, z.ZodType>> = {
  tokens: token,
  products: product,
  customers: customer,
  plans: plan,
  subscriptions: subscription,
  orders: order,
  payments: payment,
  orderPolls,
  webhookDeliveries: webhookDelivery,
  wallets: wallet,
  walletEntries: walletEntry,
};
