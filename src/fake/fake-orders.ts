/**
 * Seeded orders across every status (docs/assumptions.md), priced in centavos like the API prices them, each
 * with the payment its status implies: PENDING → PENDING, PAID → PAID, FAILED → FAILED, CANCELLED → none
 * (abandoned before paying) or CANCELLED (the payer cancelled on the checkout page).
 */
import {
  ORDER_STATUSES,
  type CustomerRecord,
  type OrderRecord,
  type OrderStatus,
  type PaymentRecord,
  type ProductRecord,
  type ShippingAddress,
} from '../domain/records.ts';
import { PAYMENT_STATUS_OF_ORDER } from '../orders/payment-record.ts';
import { priceOrder } from '../orders/pricing.ts';
import { seededId } from '../platform/random.ts';
import type { SeedContext } from './seed-context.ts';
import { CITIES, STREETS } from './names.ts';
import { seedPayment } from './fake-payments.ts';
import { REFERENCE_DATE, instantBetween, latest, plusMinutes } from './time.ts';

export const ORDER_COUNT = 25;
const MIN_ORDERS_PER_STATUS = 3;

const SOURCES = ['woocommerce', 'shopify', 'api'] as const;
const SHIPPING_COSTS = [0, 150, 200, 250, 350, 500] as const;
/** Items this dear are bought one at a time. */
const SINGLE_UNIT_FROM_MZN = 5000;

type Delivery = 'delivery' | 'pickup' | 'unspecified';

export interface SeededOrders {
  orders: OrderRecord[];
  payments: PaymentRecord[];
}

export function seedOrders(
  context: SeedContext,
  customers: readonly CustomerRecord[],
  products: readonly ProductRecord[],
): SeededOrders {
  const seeded: SeededOrders = { orders: [], payments: [] };
  for (const status of orderStatuses(context)) {
    const customer = context.faker.helpers.arrayElement(customers);
    const one = seedOrder(context, status, customer, products);
    seeded.orders.push(one.order);
    if (one.payment) seeded.payments.push(one.payment);
  }
  return seeded;
}

/** Every status at least three times; the rest mostly PAID, as in a working shop. */
function orderStatuses({ faker }: SeedContext): OrderStatus[] {
  const guaranteed = ORDER_STATUSES.flatMap((status) => Array<OrderStatus>(MIN_ORDERS_PER_STATUS).fill(status));
  const rest = Array.from({ length: ORDER_COUNT - guaranteed.length }, () =>
    faker.helpers.weightedArrayElement<OrderStatus>([
      { weight: 5, value: 'PAID' },
      { weight: 2, value: 'PENDING' },
      { weight: 1, value: 'FAILED' },
      { weight: 1, value: 'CANCELLED' },
    ]),
  );
  return faker.helpers.shuffle([...guaranteed, ...rest]);
}

function seedOrder(
  context: SeedContext,
  status: OrderStatus,
  customer: CustomerRecord,
  catalogue: readonly ProductRecord[],
): { order: OrderRecord; payment: PaymentRecord | undefined } {
  const { faker } = context;
  const products = faker.helpers.arrayElements(catalogue, { min: 1, max: 4 });
  const lines = products.map((product) => ({
    productId: product.id,
    name: product.name,
    quantity: product.price >= SINGLE_UNIT_FROM_MZN ? 1 : faker.number.int({ min: 1, max: 3 }),
    price: product.price,
  }));
  const delivery = faker.helpers.weightedArrayElement<Delivery>([
    { weight: 5, value: 'delivery' },
    { weight: 3, value: 'pickup' },
    { weight: 2, value: 'unspecified' },
  ]);
  const shippingCost = delivery === 'delivery' ? faker.helpers.arrayElement(SHIPPING_COSTS) : 0;
  // An order is placed after its customer joined and after the prices it uses were set.
  const placedFrom = latest(new Date(customer.createdAt), ...products.map((product) => new Date(product.updatedAt)));
  const createdAt = instantBetween(faker, placedFrom, plusMinutes(REFERENCE_DATE, -60));
  const settledAt = status === 'PENDING' ? createdAt : plusMinutes(createdAt, faker.number.int({ min: 2, max: 20 }));
  const source = faker.datatype.boolean(0.6) ? faker.helpers.arrayElement(SOURCES) : undefined;
  const id = seededId(faker, 'ord');

  // A cancelled order was abandoned before paying (no payment) or declined by the payer.
  const paymentStatus = status === 'CANCELLED' && !faker.datatype.boolean(0.5) ? undefined : PAYMENT_STATUS_OF_ORDER[status];
  const totals = priceOrder(lines, shippingCost);
  const payment =
    paymentStatus &&
    seedPayment(context, {
      owner: { orderId: id },
      amount: totals.amount,
      payerPhone: customer.phone,
      status: paymentStatus,
      createdAt,
      settledAt,
    });
  const order: OrderRecord = {
    id,
    orderId: id,
    clientId: context.clientId,
    status,
    customerId: customer.id,
    ...totals,
    currency: 'MZN',
    ...(source !== undefined && { source: { source } }),
    ...(delivery === 'delivery' && { shippingAddress: shippingAddressOf(context, customer) }),
    ...(delivery === 'pickup' && { shippingAddressDisabled: true, deliveryInfoDisabled: true }),
    statusHistory: [
      { status: 'PENDING', at: createdAt.toISOString() },
      ...(status === 'PENDING' ? [] : [{ status, at: settledAt.toISOString() }]),
    ],
    createdAt: createdAt.toISOString(),
    updatedAt: settledAt.toISOString(),
    ...(payment && { _paymentId: payment.id }),
  };
  return { order, payment };
}

/** Delivered to the customer's city when known. */
function shippingAddressOf({ faker }: SeedContext, customer: CustomerRecord): ShippingAddress {
  const place = CITIES.find((candidate) => candidate.city === customer.city) ?? faker.helpers.arrayElement(CITIES);
  return {
    street: faker.helpers.arrayElement(STREETS),
    number: String(faker.number.int({ min: 1, max: 2500 })),
    city: place.city,
    zipCode: place.postalCode,
    country: 'Moçambique',
  };
}
