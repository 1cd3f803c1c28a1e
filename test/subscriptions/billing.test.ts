/** The billing rule: which step comes next for a subscription and its latest charge, when, and with what outcome. */
import { describe, expect, it } from 'vitest';
import type { BillingPolicy } from '../../src/domain/policy.ts';
import type { PaymentRecord, SubscriptionRecord } from '../../src/domain/records.ts';
import { attemptFails, nextBillingStep, type BillingState, type Charge } from '../../src/subscriptions/billing.ts';
import { applyBillingStep, type BillingContext } from '../../src/subscriptions/billing-steps.ts';

const POLICY: BillingPolicy = { failingAttempts: 'none', chargeAfterSeconds: 60, retryAfterSeconds: 86_400 };
const T0 = '2026-03-02T10:00:00.000Z';
const ms = (iso: string) => Date.parse(iso);

const subscription = (fields: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  id: 'sub_1',
  clientId: 'mock-client',
  status: 'PENDING',
  planId: 'plan_1',
  customerId: 'cus_1',
  attempts: 0,
  maxAttempts: 3,
  currentPeriodStart: T0,
  currentPeriodEnd: '2026-04-02T10:00:00.000Z',
  createdAt: T0,
  updatedAt: T0,
  _paymentId: 'pay_1',
  ...fields,
});

const payment = (fields: Partial<PaymentRecord> = {}): PaymentRecord => ({
  id: 'pay_1',
  clientId: 'mock-client',
  subscriptionId: 'sub_1',
  amount: 499,
  currency: 'MZN',
  method: 'mpesa',
  status: 'PENDING',
  createdAt: T0,
  updatedAt: T0,
  ...fields,
});

const context: BillingContext = {
  plan: { price: 499, interval: 'monthly', intervalCount: 1 },
  payerPhone: '+258861234567',
  newPaymentId: () => 'pay_2',
};

describe('attemptFails', () => {
  it.each([
    ['none', 1, false],
    ['all', 1, true],
    ['all', 7, true],
    [[1, 3], 1, true],
    [[1, 3], 2, false],
    [[1, 3], 3, true],
    [[], 1, false],
  ] as const)('failingAttempts %j: attempt %i fails → %s', (failingAttempts, attempt, fails) => {
    expect(attemptFails({ ...POLICY, failingAttempts }, attempt)).toBe(fails);
  });
});

describe('nextBillingStep', () => {
  const next = (billed: Partial<BillingState>, charge: Charge | undefined, policy: Partial<BillingPolicy> = {}) =>
    nextBillingStep(subscription(billed), charge, { ...POLICY, ...policy });

  it('decides a pending charge chargeAfterSeconds after its payment was created', () => {
    expect(next({}, payment())).toEqual({ kind: 'settle', atMs: ms(T0) + 60_000, paid: true });
    expect(next({}, payment(), { chargeAfterSeconds: 0 })).toEqual({ kind: 'settle', atMs: ms(T0), paid: true });
  });

  it('numbers the attempt within the period from the failed attempts so far', () => {
    const policy = { failingAttempts: [2] };
    expect(next({ attempts: 0 }, payment(), policy)).toMatchObject({ paid: true });
    expect(next({ status: 'PAST_DUE', attempts: 1 }, payment(), policy)).toMatchObject({ paid: false });
    expect(next({ status: 'PAST_DUE', attempts: 2 }, payment(), policy)).toMatchObject({ paid: true });
  });

  it('retries retryAfterSeconds after the failure', () => {
    const failed = payment({ status: 'FAILED', updatedAt: '2026-03-02T10:01:00.000Z' });
    expect(next({ status: 'PAST_DUE', attempts: 1 }, failed)).toEqual({ kind: 'charge', atMs: ms('2026-03-03T10:01:00.000Z') });
  });

  it('renews at the period end once the period is paid', () => {
    const paid = payment({ status: 'PAID', updatedAt: '2026-03-02T10:01:00.000Z' });
    expect(next({ status: 'ACTIVE' }, paid)).toEqual({ kind: 'renew', atMs: ms('2026-04-02T10:00:00.000Z') });
    expect(next({ status: 'ACTIVE' }, payment({ status: 'REFUNDED' }))).toMatchObject({ kind: 'renew' });
  });

  it('renews at the instant a late retry was paid when that is after the period end', () => {
    const paidLate = payment({ status: 'PAID', updatedAt: '2026-04-05T00:00:00.000Z' });
    expect(next({ status: 'ACTIVE' }, paidLate)).toEqual({ kind: 'renew', atMs: ms('2026-04-05T00:00:00.000Z') });
  });

  it('charges a record without any payment at its period start, and never a cancelled one', () => {
    expect(next({ status: 'ACTIVE' }, undefined)).toEqual({ kind: 'charge', atMs: ms(T0) });
    expect(next({ status: 'CANCELLED', attempts: 3 }, payment({ status: 'FAILED' }))).toBeUndefined();
    expect(next({ status: 'CANCELLED' }, undefined)).toBeUndefined();
  });
});

describe('applyBillingStep', () => {
  const at = '2026-03-02T10:01:00.000Z';

  it('a paid charge activates the subscription and resets its attempts', () => {
    const result = applyBillingStep(subscription({ status: 'PAST_DUE', attempts: 2 }), payment(), { kind: 'settle', atMs: ms(at), paid: true }, context);
    expect(result.payment).toMatchObject({ id: 'pay_1', status: 'PAID', updatedAt: at, createdAt: T0 });
    expect(result.subscription).toMatchObject({ status: 'ACTIVE', attempts: 0, updatedAt: at, _paymentId: 'pay_1' });
    expect(result.events.map((event) => [event.type, event.at])).toEqual([
      ['payment.paid', at],
      ['subscription.activated', at],
    ]);
  });

  it('a paid renewal of an active subscription changes neither its status nor its updatedAt', () => {
    const active = subscription({ status: 'ACTIVE', updatedAt: '2026-03-01T00:00:00.000Z' });
    const result = applyBillingStep(active, payment(), { kind: 'settle', atMs: ms(at), paid: true }, context);
    expect(result.subscription.updatedAt).toBe('2026-03-01T00:00:00.000Z');
    expect(result.events.map((event) => event.type)).toEqual(['payment.paid']);
  });

  it('a failed charge counts the attempt: PAST_DUE, then CANCELLED at maxAttempts', () => {
    const step = { kind: 'settle', atMs: ms(at), paid: false } as const;
    const first = applyBillingStep(subscription(), payment(), step, context);
    expect(first.subscription).toMatchObject({ status: 'PAST_DUE', attempts: 1, updatedAt: at });
    expect(first.payment.status).toBe('FAILED');
    expect(first.events.map((event) => event.type)).toEqual(['payment.failed', 'subscription.past_due']);
    const second = applyBillingStep(subscription({ status: 'PAST_DUE', attempts: 1 }), payment(), step, context);
    expect(second.subscription).toMatchObject({ status: 'PAST_DUE', attempts: 2 });
    expect(second.events.map((event) => event.type)).toEqual(['payment.failed']);
    const last = applyBillingStep(subscription({ status: 'PAST_DUE', attempts: 2 }), payment(), step, context);
    expect(last.subscription).toMatchObject({ status: 'CANCELLED', attempts: 3 });
    expect(last.events.map((event) => event.type)).toEqual(['payment.failed', 'subscription.cancelled']);
  });

  it('a retry creates a pending payment at its instant, leaving the visible subscription unchanged', () => {
    const pastDue = subscription({ status: 'PAST_DUE', attempts: 1 });
    const result = applyBillingStep(pastDue, payment({ status: 'FAILED' }), { kind: 'charge', atMs: ms('2026-03-03T10:01:00.000Z') }, context);
    expect(result.payment).toEqual({
      id: 'pay_2',
      clientId: 'mock-client',
      subscriptionId: 'sub_1',
      amount: 499,
      currency: 'MZN',
      method: 'emola',
      status: 'PENDING',
      createdAt: '2026-03-03T10:01:00.000Z',
      updatedAt: '2026-03-03T10:01:00.000Z',
    });
    expect(result.subscription).toEqual({ ...pastDue, _paymentId: 'pay_2' });
    expect(result.events).toEqual([
      expect.objectContaining({ type: 'payment.created', paymentId: 'pay_2', subscriptionId: 'sub_1', status: 'PENDING', at: '2026-03-03T10:01:00.000Z' }),
    ]);
  });

  it('a renewal moves the period on by one plan interval, back on its anchor day, and charges at the boundary', () => {
    const active = subscription({
      status: 'ACTIVE',
      createdAt: '2026-01-31T08:00:00.000Z',
      currentPeriodStart: '2026-01-31T08:00:00.000Z',
      currentPeriodEnd: '2026-02-28T08:00:00.000Z',
    });
    const result = applyBillingStep(active, payment({ status: 'PAID' }), { kind: 'renew', atMs: ms('2026-02-28T08:00:00.000Z') }, context);
    expect(result.subscription).toMatchObject({
      status: 'ACTIVE',
      currentPeriodStart: '2026-02-28T08:00:00.000Z',
      currentPeriodEnd: '2026-03-31T08:00:00.000Z',
      updatedAt: '2026-02-28T08:00:00.000Z',
      _paymentId: 'pay_2',
    });
    expect(result.payment).toMatchObject({ status: 'PENDING', createdAt: '2026-02-28T08:00:00.000Z', amount: 499 });
  });
});
