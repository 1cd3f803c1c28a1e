/**
 * The coverage hints of the wallet's reasons say how each is really provoked: following each hint's instructions
 * ends a payment with that reason (an admin transition to FAILED would give PAYMENT_FAILED instead).
 */
import { describe, expect, it } from 'vitest';
import { outcomeCatalogue } from '../../src/coverage/outcome-catalogue.ts';
import type { PaymentRecord } from '../../src/domain/records.ts';
import { pay, placeOrder, WALLET_ORDER_600 } from '../support/checkout-helpers.ts';
import { createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

const WALLET = '/__admin/clients/mock-client/wallets/%2B258841112233';
const hint = (code: string) => outcomeCatalogue().find((outcome) => outcome.id === `payer.${code}`)?.provoke ?? '';

/** The failure code of the order's payment. */
const reasonOf = (t: TestApp, orderId: string) =>
  t.store.list<PaymentRecord>('payments', 'mock-client').find((payment) => payment.orderId === orderId)?.failureReason?.code;

async function payFromWallet(t: TestApp) {
  const order = await placeOrder(t, WALLET_ORDER_600, await tokenFor(t));
  await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
  return order;
}

describe('the coverage hints of the wallet reasons', () => {
  it('none says an admin transition to FAILED', () => {
    for (const code of ['WALLET_LIMIT_EXCEEDED', 'WALLET_LOCKED', 'TRANSACTION_IN_PROGRESS']) expect(hint(code)).not.toMatch(/transition/);
  });

  it('WALLET_LIMIT_EXCEEDED: a limit below the amount, then pay with the right PIN', async () => {
    expect(hint('WALLET_LIMIT_EXCEEDED')).toContain('"limits":{"perTransaction":1}');
    const t = await createTestApp();
    await t.http.put(WALLET).send({ balance: 1000, pin: '1234', limits: { perTransaction: 1 } }).expect(201);
    const order = await payFromWallet(t);
    await t.http.post(`${WALLET}/prompt`).send({ action: 'pin', pin: '1234' }).expect(200);
    expect(reasonOf(t, order.id)).toBe('WALLET_LIMIT_EXCEEDED');
  });

  it('WALLET_LOCKED: a locked wallet, then pay on the checkout page', async () => {
    expect(hint('WALLET_LOCKED')).toContain('{"status":"locked"}');
    const t = await createTestApp();
    await t.http.put(WALLET).send({ balance: 1000, pin: '1234' }).expect(201);
    await t.http.put(WALLET).send({ status: 'locked' }).expect(200);
    expect(reasonOf(t, (await payFromWallet(t)).id)).toBe('WALLET_LOCKED');
  });

  it('TRANSACTION_IN_PROGRESS: a second order paid while the first prompt is open', async () => {
    expect(hint('TRANSACTION_IN_PROGRESS')).toMatch(/two orders .* prompt/);
    const t = await createTestApp();
    await t.http.put(WALLET).send({ balance: 1000, pin: '1234' }).expect(201);
    const first = await payFromWallet(t);
    const second = await payFromWallet(t);
    expect(reasonOf(t, first.id)).toBeUndefined();
    expect(reasonOf(t, second.id)).toBe('TRANSACTION_IN_PROGRESS');
  });
});
