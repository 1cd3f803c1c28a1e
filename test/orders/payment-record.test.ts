/** The one payment builder: owner, wallet from the payer's phone, MZN; and the payment status of each order status. */
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUS_OF_ORDER, paymentRecord } from '../../src/orders/payment-record.ts';

describe('payment records', () => {
  it('builds a pending order payment in MZN, updated when created unless told otherwise', () => {
    const payment = paymentRecord({
      id: 'pay_1',
      clientId: 'mock-client',
      owner: { orderId: 'ord_1' },
      amount: 511,
      payerPhone: '+258 86 000 0000',
      status: 'PENDING',
      createdAt: '2026-03-02T10:00:00.000Z',
    });
    expect(payment).toEqual({
      id: 'pay_1',
      clientId: 'mock-client',
      orderId: 'ord_1',
      amount: 511,
      currency: 'MZN',
      method: 'emola',
      status: 'PENDING',
      createdAt: '2026-03-02T10:00:00.000Z',
      updatedAt: '2026-03-02T10:00:00.000Z',
    });
  });

  it('belongs to a subscription when so owned, and keeps a settlement time', () => {
    const payment = paymentRecord({
      id: 'pay_2',
      clientId: 'c',
      owner: { subscriptionId: 'sub_1' },
      amount: 480,
      payerPhone: undefined,
      status: 'PAID',
      createdAt: '2026-03-01T00:00:00.000Z',
      updatedAt: '2026-03-01T00:05:00.000Z',
    });
    expect(payment).toMatchObject({ subscriptionId: 'sub_1', method: 'mpesa', updatedAt: '2026-03-01T00:05:00.000Z' });
    expect(payment).not.toHaveProperty('orderId');
  });

  it('maps order statuses to payment statuses: a cancelled order\'s payment failed', () => {
    expect(PAYMENT_STATUS_OF_ORDER).toEqual({ PENDING: 'PENDING', PAID: 'PAID', FAILED: 'FAILED', CANCELLED: 'CANCELLED' });
  });
});
