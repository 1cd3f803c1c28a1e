/** What the seeded dataset contains: sizes, shapes, and the invariants the API itself keeps. */
import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  SUBSCRIPTION_STATUSES,
  type CustomerRecord,
  type OrderRecord,
  type PaymentRecord,
  type PlanRecord,
  type ProductRecord,
  type SubscriptionRecord,
} from '../../src/domain/records.ts';
import type { StoredRecord } from '../../src/domain/records.ts';
import { FAILURE_REASONS, type FailureCode } from '../../src/domain/payer-outcomes.ts';
import { DEFAULT_CLIENT, seedFresh, snapshot, type Snapshot } from '../support/seeded.ts';

/** Amounts in integer centavos, worked out here rather than with the code under test. */
const cents = (amount: number) => Math.round(amount * 100);

/** Seeded phones read `+258 8X …`: Movitel (86, 87) pays with e-Mola, Vodacom (84, 85) with M-Pesa. */
const walletOf = (phone: string | undefined) => (/^\+258 8[67] /.test(phone ?? '') ? 'emola' : 'mpesa');

const MONTHS_PER_INTERVAL: Record<string, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/**
 * The end of a billing period, by plain calendar arithmetic: a week is 7 days; months move the month and keep the
 * day, clamped to the last day of a shorter month (31 January + 1 month = 28 February), time of day unchanged.
 */
function endOfPeriod(startIso: string, plan: { interval: string; intervalCount: number }): string {
  const start = new Date(startIso);
  if (plan.interval === 'weekly') return new Date(start.getTime() + plan.intervalCount * 7 * 86_400_000).toISOString();
  const month = start.getUTCMonth() + (MONTHS_PER_INTERVAL[plan.interval] ?? Number.NaN) * plan.intervalCount;
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const at = [start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()] as const;
  return new Date(Date.UTC(start.getUTCFullYear(), month, Math.min(start.getUTCDate(), lastDay), ...at)).toISOString();
}

/** The default seed, the extremes of the range, and a few others: the invariants hold for any seed. */
const SEEDS = [42, 0, 1, 7, 1234, 2 ** 31 - 1];

const hasTwoDecimalsAtMost = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
const byId = <T extends StoredRecord>(records: T[]) => new Map(records.map((record) => [record.id, record]));

const datasets = new Map(await Promise.all(SEEDS.map(async (seed) => [seed, snapshot((await seedFresh({ seed })).store)] as const)));

describe.each(SEEDS)('seed %i', (seed) => {
  const data = datasets.get(seed) as Snapshot;
  const products = data.products as ProductRecord[];
  const customers = data.customers as CustomerRecord[];
  const plans = data.plans as PlanRecord[];
  const subscriptions = data.subscriptions as SubscriptionRecord[];
  const orders = data.orders as OrderRecord[];
  const payments = data.payments as PaymentRecord[];
  const all: StoredRecord[] = Object.values(data).flat();
  const productsById = byId(products);
  const customersById = byId(customers);
  const plansById = byId(plans);

  describe('seeded dataset', () => {
    it('has 20 products, 15 customers, 4 plans, 6 subscriptions, 25 orders and their payments', () => {
      expect([products.length, customers.length, plans.length, subscriptions.length, orders.length]).toEqual([20, 15, 4, 6, 25]);
      expect(payments.length).toBeGreaterThan(0);
      expect(data.tokens).toEqual([]);
    });

    it('gives every record to the default client, with ISO timestamps, never updated before created', () => {
      for (const record of all) {
        expect(record.clientId).toBe(DEFAULT_CLIENT);
        const { createdAt, updatedAt } = record as unknown as { createdAt: string; updatedAt: string };
        expect(new Date(createdAt).toISOString()).toBe(createdAt);
        expect(new Date(updatedAt).toISOString()).toBe(updatedAt);
        expect(updatedAt >= createdAt).toBe(true);
        expect(createdAt >= '2025-10-03T00:00:00.000Z' && createdAt < '2026-01-01T00:00:00.000Z').toBe(true);
      }
    });

    it('uses unique, prefixed ids of the runtime shape', () => {
      const prefixes = { products: 'prod', customers: 'cus', plans: 'plan', subscriptions: 'sub', orders: 'ord', payments: 'pay' };
      for (const [collection, prefix] of Object.entries(prefixes)) {
        for (const record of data[collection as keyof typeof prefixes]) expect(record.id).toMatch(new RegExp(`^${prefix}_[A-Za-z0-9]{20}$`));
      }
      expect(new Set(all.map((record) => record.id)).size).toBe(all.length);
    });

    it('gives products unique SKUs and MZN prices with at most two decimals', () => {
      expect(new Set(products.map((p) => p.originProductId)).size).toBe(products.length);
      for (const product of products) {
        expect(product.originProductId).toMatch(/^SKU-\d{4}$/);
        expect(product.price).toBeGreaterThanOrEqual(25);
        expect(product.price).toBeLessThanOrEqual(25_000);
        expect(hasTwoDecimalsAtMost(product.price)).toBe(true);
        if (product.imageUrl !== undefined) expect(product.imageUrl).toMatch(/^https:\/\/picsum\.photos\/seed\/[a-z0-9-]+\/400\/400$/);
      }
      expect(products.some((p) => p.imageUrl !== undefined)).toBe(true);
      expect(products.some((p) => p.metadata !== undefined)).toBe(true);
    });

    it('gives customers Mozambican mobile numbers, e-mails derived from their names and unique merchant ids', () => {
      expect(new Set(customers.map((c) => c.merchantCustomerId)).size).toBe(customers.length);
      expect(new Set(customers.map((c) => c.email)).size).toBe(customers.length);
      for (const customer of customers) {
        expect(customer.phone).toMatch(/^\+258 8[4-7] \d{3} \d{4}$/);
        expect(customer.merchantCustomerId).toMatch(/^CUST-\d{4}$/);
        expect(customer.email).toMatch(/^[a-z]+\.[a-z]+@example\.co\.mz$/);
        const [first, last] = (customer.name ?? '').split(' ');
        const ascii = (text = '') => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
        expect(customer.email).toBe(`${ascii(first)}.${ascii(last)}@example.co.mz`);
        if (customer.taxId !== undefined) expect(customer.taxId).toMatch(/^\d{9}$/);
      }
      expect(customers.some((c) => c.taxId !== undefined)).toBe(true);
      expect(customers.some((c) => c.addressLine !== undefined)).toBe(true);
    });

    it('prices plans in MZN with intervalCount 1 and unique plan keys', () => {
      expect(new Set(plans.map((p) => p.originPlanId)).size).toBe(plans.length);
      for (const plan of plans) {
        expect(plan).toMatchObject({ currency: 'MZN', intervalCount: 1 });
        expect(plan.originPlanId).toMatch(/^PLAN-/);
      }
      expect(plans.filter((p) => p.interval === 'monthly').length).toBeGreaterThanOrEqual(3);
    });
  });

  describe('seeded orders', () => {
    it('cover every status at least three times', () => {
      for (const status of ORDER_STATUSES) expect(orders.filter((o) => o.status === status).length).toBeGreaterThanOrEqual(3);
    });

    it('total in centavos: item total = price × quantity, subtotal = Σ totals, amount = subtotal + shipping', () => {
      for (const order of orders) {
        expect(order.items.length).toBeGreaterThanOrEqual(1);
        expect(order.items.length).toBeLessThanOrEqual(4);
        const totals = order.items.map((item) => {
          expect(cents(item.total)).toBe(cents(item.price) * item.quantity);
          return cents(item.total);
        });
        expect(cents(order.subtotal)).toBe(totals.reduce((sum, total) => sum + total, 0));
        expect(cents(order.amount)).toBe(cents(order.subtotal) + cents(order.shippingCost));
        for (const amount of [order.subtotal, order.shippingCost, order.amount]) expect(hasTwoDecimalsAtMost(amount)).toBe(true);
      }
    });

    it('reference seeded products at their price and seeded customers', () => {
      for (const order of orders) {
        expect(customersById.has(order.customerId)).toBe(true);
        for (const item of order.items) {
          const product = productsById.get(item.productId);
          expect(product).toBeDefined();
          expect(item).toMatchObject({ name: product?.name, price: product?.price });
        }
      }
    });

    it('carry their own id as orderId, MZN, and no host-bound link (checkout links are built per response)', () => {
      for (const order of orders) {
        expect(order.orderId).toBe(order.id);
        expect(order.currency).toBe('MZN');
        expect(order).not.toHaveProperty('checkout');
      }
    });

    it('record a history from PENDING at creation to the current status at the last update', () => {
      for (const order of orders) {
        const history = order.statusHistory;
        expect(history[0]).toEqual({ status: 'PENDING', at: order.createdAt });
        expect(history.at(-1)).toEqual({ status: order.status, at: order.updatedAt });
        expect(history).toHaveLength(order.status === 'PENDING' ? 1 : 2);
      }
    });

    it('either ship to an address or disable shipping, never both', () => {
      for (const order of orders) {
        if (order.shippingAddressDisabled) {
          expect(order.shippingAddress).toBeUndefined();
          expect(order.deliveryInfoDisabled).toBe(true);
          expect(order.shippingCost).toBe(0);
        }
        if (order.shippingAddress === undefined) expect(order.shippingCost).toBe(0);
      }
      expect(orders.some((o) => o.shippingAddress !== undefined && o.shippingCost > 0)).toBe(true);
      expect(orders.some((o) => o.shippingAddressDisabled === true)).toBe(true);
      expect(orders.some((o) => o.source !== undefined)).toBe(true);
    });

    it('have the payment their status implies, for the order amount, in the wallet of the payer', () => {
      const expected = { PENDING: ['PENDING'], PAID: ['PAID'], FAILED: ['FAILED'], CANCELLED: [undefined, 'CANCELLED'] };
      for (const order of orders) {
        const own = payments.filter((payment) => payment.orderId === order.id);
        expect(own.length).toBeLessThanOrEqual(1);
        const payment = own[0];
        expect(expected[order.status]).toContain(payment?.status);
        expect(order._paymentId).toBe(payment?.id);
        if (!payment) continue;
        expect(payment.amount).toBe(order.amount);
        expect(payment.currency).toBe('MZN');
        expect(payment.method).toBe(walletOf(customersById.get(order.customerId)?.phone));
        expect(payment.updatedAt).toBe(order.updatedAt);
      }
    });

    it('give a failed or cancelled payment its reason (docs/payer-outcomes.md), and no other payment one', () => {
      for (const payment of payments) {
        const reason = (payment as { failureReason?: { code: string; message: string } }).failureReason;
        if (payment.status === 'CANCELLED') expect(reason?.code).toBe('PAYER_CANCELLED');
        else if (payment.status === 'FAILED') expect(FAILURE_REASONS[reason?.code as FailureCode]?.status).toBe('FAILED');
        else expect(reason).toBeUndefined();
      }
      expect(payments.some((payment) => payment.status === 'FAILED')).toBe(true);
    });
  });

  describe('seeded subscriptions', () => {
    it('cover every status with consistent attempts', () => {
      for (const status of SUBSCRIPTION_STATUSES) expect(subscriptions.some((s) => s.status === status)).toBe(true);
      for (const subscription of subscriptions) {
        expect(subscription.maxAttempts).toBe(3);
        if (subscription.status === 'PENDING' || subscription.status === 'ACTIVE') expect(subscription.attempts).toBe(0);
        if (subscription.status === 'PAST_DUE') {
          expect(subscription.attempts).toBeGreaterThanOrEqual(1);
          expect(subscription.attempts).toBeLessThan(subscription.maxAttempts);
        }
        if (subscription.status === 'CANCELLED') expect(subscription.attempts).toBe(subscription.maxAttempts);
      }
    });

    it('bill one plan interval per period, the current one including the reference date', () => {
      for (const subscription of subscriptions) {
        const plan = plansById.get(subscription.planId);
        expect(plan).toBeDefined();
        expect(customersById.has(subscription.customerId)).toBe(true);
        if (!plan) continue;
        expect(subscription.currentPeriodEnd).toBe(endOfPeriod(subscription.currentPeriodStart, plan));
        expect(subscription.currentPeriodStart <= '2026-01-01T00:00:00.000Z').toBe(true);
        expect(subscription.currentPeriodEnd > '2026-01-01T00:00:00.000Z').toBe(true);
      }
    });

    it('have PAID payments for paid periods, FAILED ones for failed attempts, a PENDING one while pending', () => {
      for (const subscription of subscriptions) {
        const own = payments.filter((payment) => payment.subscriptionId === subscription.id);
        const count = (status: string) => own.filter((payment) => payment.status === status).length;
        const plan = plansById.get(subscription.planId);
        const customer = customersById.get(subscription.customerId);
        for (const payment of own) {
          expect(payment.amount).toBe(plan?.price);
          expect(payment.method).toBe(walletOf(customer?.phone));
        }
        expect(count('FAILED')).toBe(subscription.attempts);
        if (subscription.status === 'PENDING') expect(own.map((p) => p.status)).toEqual(['PENDING']);
        else expect(count('PENDING')).toBe(0);
        if (subscription.status === 'ACTIVE') expect(count('PAID')).toBeGreaterThanOrEqual(1);
        // Arrears follow at least one paid period (PENDING → ACTIVE → PAST_DUE → CANCELLED).
        if (subscription.status === 'PAST_DUE' || subscription.status === 'CANCELLED') {
          expect(count('PAID')).toBeGreaterThanOrEqual(1);
          for (const payment of own.filter((p) => p.status === 'FAILED')) {
            expect(payment.createdAt >= subscription.currentPeriodStart).toBe(true);
          }
        }
      }
    });

    it('every payment belongs to exactly one seeded order or subscription', () => {
      const owners = new Set([...orders, ...subscriptions].map((record) => record.id));
      for (const payment of payments) {
        const owner = payment.orderId ?? payment.subscriptionId;
        expect((payment.orderId === undefined) !== (payment.subscriptionId === undefined)).toBe(true);
        expect(owners.has(owner ?? '')).toBe(true);
      }
    });
  });
});
