/** The order state machine and the progression rule, as pure functions. */
import { describe, expect, it } from 'vitest';
import type { OrderRecord, PaymentRecord } from '../../src/domain/records.ts';
import { dueStatus } from '../../src/orders/progression.ts';

const DEFAULT_PROGRESSION = { steps: [{ status: 'PAID' as const, after: { polls: 3 } }] };
import { isFinal, moveOrder } from '../../src/orders/transitions.ts';

const AT = '2026-03-02T10:05:00.000Z';
const order = (status: OrderRecord['status'] = 'PENDING'): OrderRecord => ({
  id: 'ord_1',
  orderId: 'ord_1',
  clientId: 'c',
  status,
  customerId: 'cus_1',
  items: [],
  subtotal: 10,
  shippingCost: 0,
  amount: 10,
  currency: 'MZN',
  statusHistory: [{ status: 'PENDING', at: '2026-03-02T10:00:00.000Z' }],
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
});
const payment = (status: PaymentRecord['status'] = 'PENDING'): PaymentRecord => ({
  id: 'pay_1',
  clientId: 'c',
  orderId: 'ord_1',
  amount: 10,
  currency: 'MZN',
  method: 'mpesa',
  status,
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
});

describe('moving an order', () => {
  it('pays a pending order and its pending payment, with both events', () => {
    const move = moveOrder(order(), payment(), 'PAID', AT);
    expect(move?.order).toMatchObject({ status: 'PAID', updatedAt: AT, statusHistory: [{ status: 'PENDING' }, { status: 'PAID', at: AT }] });
    expect(move?.payment).toMatchObject({ status: 'PAID', updatedAt: AT });
    expect(move?.events).toEqual([
      { type: 'order.paid', clientId: 'c', at: AT, orderId: 'ord_1', status: 'PAID' },
      { type: 'payment.paid', clientId: 'c', at: AT, paymentId: 'pay_1', status: 'PAID', orderId: 'ord_1' },
    ]);
  });

  it('cancels: the order CANCELLED, its payment CANCELLED', () => {
    const move = moveOrder(order(), payment(), 'CANCELLED', AT);
    expect([move?.order.status, move?.payment?.status]).toEqual(['CANCELLED', 'CANCELLED']);
    expect(move?.events.map((event) => event.type)).toEqual(['order.cancelled', 'payment.cancelled']);
  });

  it('moves an order without payment, or with a settled one, leaving the payment alone', () => {
    expect(moveOrder(order(), undefined, 'FAILED', AT)?.events.map((event) => event.type)).toEqual(['order.failed']);
    expect(moveOrder(order(), payment('REFUNDED'), 'PAID', AT)?.payment).toBeUndefined();
  });

  it("a payer's wallet and number go on the settled payment; the method defaults to the number's wallet", () => {
    expect(moveOrder(order(), payment(), 'PAID', AT, { payer: { phone: '+258861234567', method: 'emola' } })?.payment).toMatchObject({
      status: 'PAID',
      method: 'emola',
      _payerPhone: '+258861234567',
    });
    expect(moveOrder(order(), payment(), 'PAID', AT, { payer: { phone: '+258871234567' } })?.payment?.method).toBe('emola');
    expect(moveOrder(order(), { ...payment(), method: 'emola' }, 'PAID', AT)?.payment?.method).toBe('emola');
  });

  it('never moves a final order', () => {
    for (const status of ['PAID', 'FAILED', 'CANCELLED'] as const) {
      expect(isFinal(status)).toBe(true);
      expect(moveOrder(order(status), payment(), 'PAID', AT)).toBeUndefined();
    }
    expect(isFinal('PENDING')).toBe(false);
  });
});

describe('progression', () => {
  it('default: PAID from the 3rd poll on', () => {
    expect([1, 2, 3, 4].map((polls) => dueStatus(DEFAULT_PROGRESSION, { polls, ageMs: 0 }))).toEqual([undefined, undefined, 'PAID', 'PAID']);
  });

  it('by mock time: due once the order is old enough', () => {
    const slow = { steps: [{ status: 'PAID' as const, after: { seconds: 600 } }] };
    expect(dueStatus(slow, { polls: 99, ageMs: 599_999 })).toBeUndefined();
    expect(dueStatus(slow, { polls: 1, ageMs: 600_000 })).toBe('PAID');
  });

  it('by action only: never due; the first due step wins', () => {
    expect(dueStatus({ steps: [{ status: 'CANCELLED', after: 'action' }] }, { polls: 1e6, ageMs: 1e12 })).toBeUndefined();
    const steps = { steps: [{ status: 'FAILED' as const, after: { polls: 2 } }, { status: 'PAID' as const, after: { polls: 1 } }] };
    expect(dueStatus(steps, { polls: 1, ageMs: 0 })).toBe('PAID');
    expect(dueStatus(steps, { polls: 2, ageMs: 0 })).toBe('FAILED');
  });
});
