/**
 * The stored records as zod schemas, one per collection: what a state import or a snapshot restore must hold
 * before it replaces anything. Every field the flows read is checked (types, enums, ISO instants within the
 * record time range, and what the document cannot say: an order's `orderId` is its id, a payment has one owner);
 * fields a request added beyond those (the document allows a few) pass as they are. Each schema's shape is its
 * record's, spec/admin.yaml's (domain/records.ts): the checks at the end fail `tsc -b` when they part.
 */
import * as z from 'zod';
import { isWithinRecordTimeRange, OUTSIDE_RECORD_TIME_RANGE } from '../platform/clock.ts';
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PLAN_INTERVALS,
  SUBSCRIPTION_STATUSES,
  type CollectionName,
  type RecordOf,
} from '../domain/records.ts';
import { FAILURE_CODES } from '../domain/payer-outcomes.ts';
import { armedRecordRule } from '../armed/arm-rules.ts';
import type { Allows, Drift, Expect, Shape } from '../domain/same-shape.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An ISO 8601 date-time the mock could have written (platform/clock.ts RECORD_TIME_RANGE): anything else ends in
 * `RangeError: Invalid time value` later.
 */
export const instant = z.string().refine((text) => ISO_INSTANT.test(text) && isWithinRecordTimeRange(Date.parse(text)), OUTSIDE_RECORD_TIME_RANGE);

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
  name: text.optional(),
  email: text.optional(),
  phone: text.optional(),
  addressLine: text.optional(),
  city: text.optional(),
  postalCode: text.optional(),
  taxId: text.optional(),
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

/** The fields the API takes; an import may hold others, strings all. */
const address = { street: text.optional(), number: text.optional(), city: text.optional(), zipCode: text.optional(), country: text.optional() };
const shippingAddress = z.object(address).catchall(text);

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
    shippingAddress: shippingAddress.optional(),
    shippingAddressDisabled: z.boolean().optional(),
    deliveryInfoDisabled: z.boolean().optional(),
    statusHistory: z.array(z.looseObject({ status: z.enum(ORDER_STATUSES), at: instant })).min(1),
    _paymentId: reference.optional(),
  })
  .refine((record) => record.orderId === record.id, { path: ['orderId'], message: 'deve ser igual ao id' });

const failureReason = z.strictObject({ code: z.enum(FAILURE_CODES), providerCode: z.string().max(50).optional(), message: z.string().max(500) });

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
    failureReason: failureReason.optional(),
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
    z.looseObject({
      at: instant,
      statusCode: z.number().int().optional(),
      error: z.string().optional(),
      durationMs: z.number().min(0),
      network: z.enum(['connect_delayed', 'reset_mid_body']).optional(),
      profile: z.string().max(200).optional(),
      delayedMs: z.number().int().min(0).optional(),
    }),
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
  pinHash: z.string().regex(/^(scrypt\$\d{1,5}\$[A-Za-z0-9_-]{1,64}|sha256\$[A-Za-z0-9_-]{1,64})\$[0-9a-f]{64}$/).optional(),
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
  failureReason: failureReason.optional(),
  createdAt: instant,
});

const armedOutcome = z.looseObject({
  ...owned,
  outcome: z.string().min(1).max(100),
  // Their bounds are the route's rule (armedRecordRule below), not a copy of it.
  times: z.number(),
  remaining: z.number(),
  fired: count,
  operation: z.string().min(1).max(200).optional(),
  meets: z.enum(['request', 'order', 'charge', 'delivery', 'page']),
  armedAt: instant,
  placedBefore: z.array(reference).optional(),
  firings: z.array(z.looseObject({ at: instant, requestId: reference.optional(), recordId: reference.optional() })).max(20),
}).superRefine((record, context) => {
  // The route's own rule (armed/arm-rules.ts), not a copy: an import takes no arm the route would refuse.
  const refused = armedRecordRule(record);
  if (!refused) return;
  const [detail] = refused.details ?? [];
  context.addIssue({ code: 'custom', path: detail ? [detail.path] : [], message: detail?.message ?? refused.message });
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
  armedOutcomes: armedOutcome,
};

type Out<Schema extends z.ZodType> = z.output<Schema>;
type Delivery = RecordOf<'webhookDeliveries'>;

/**
 * Compile-time: `tsc -b` fails, naming the fields, when a schema above and its record's documented shape part. A
 * delivery's payload is checked as an envelope (id, type, instant, data): every payload the document allows passes.
 */
export type StoredSchemaChecks = [
  Expect<Drift<Out<typeof token>, RecordOf<'tokens'>>>,
  Expect<Drift<Out<typeof product>, RecordOf<'products'>>>,
  Expect<Drift<Out<typeof customer>, RecordOf<'customers'>>>,
  Expect<Drift<Out<typeof plan>, RecordOf<'plans'>>>,
  Expect<Drift<Out<typeof subscription>, RecordOf<'subscriptions'>>>,
  Expect<Drift<Out<typeof order>, RecordOf<'orders'>>>,
  Expect<Drift<Out<typeof payment>, RecordOf<'payments'>>>,
  Expect<Drift<Out<typeof orderPolls>, RecordOf<'orderPolls'>>>,
  Expect<Drift<Omit<Shape<Out<typeof webhookDelivery>>, 'payload'>, Omit<Delivery, 'payload'>>>,
  Expect<Allows<Out<typeof webhookDelivery>['payload'], Delivery['payload']>>,
  Expect<Drift<Out<typeof wallet>, RecordOf<'wallets'>>>,
  Expect<Drift<Out<typeof walletEntry>, RecordOf<'walletEntries'>>>,
  Expect<Drift<Out<typeof armedOutcome>, RecordOf<'armedOutcomes'>>>,
];
