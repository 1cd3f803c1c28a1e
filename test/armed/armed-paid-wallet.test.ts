/**
 * An armed outcome takes the place of the payer's answer, not of the balance: an armed `order.final.PAID` (or
 * `subscription.state.ACTIVE`) the payer's wallet cannot pay fails with the wallet's reason, as the payer's right
 * PIN would, and the arm is spent on it. No arm takes a wallet below zero; its statement sums to its balance.
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { ARMED, armedApp, PAYER_WALLET } from '../support/armed-helpers.ts';
import { pay, placeOrder } from '../support/checkout-helpers.ts';

const TEN_MZN = {
  customer: { merchantCustomerId: 'C-9', name: 'Rui Sitoe', phone: '+258 84 111 2233' },
  items: [{ originProductId: 'P-9', name: 'Pão', price: 10, quantity: 1 }],
  shippingCost: 0,
  shippingAddressDisabled: true,
};

interface Line {
  kind: string;
  amount: number;
  balanceAfter: number;
  failureReason?: { code: string };
}

/** The wallet's balance, after checking its statement sums to it from `opening` and never goes below zero. */
async function balanceHeld(t: TestApp, opening: number): Promise<{ balance: number; lines: Line[] }> {
  const balance = (await t.http.get(PAYER_WALLET).expect(200)).body.data.balance as number;
  const lines = (await t.http.get(`${PAYER_WALLET}/statement`).expect(200)).body.data as Line[];
  let running = opening;
  for (const line of lines) {
    if (line.kind === 'debit') running = Math.round((running - line.amount) * 100) / 100;
    expect(line.balanceAfter).toBe(running);
    expect(line.balanceAfter).toBeGreaterThanOrEqual(0);
  }
  expect(running).toBe(balance);
  return { balance, lines };
}

const firedOnce = async (t: TestApp) => expect((await t.http.get(ARMED).expect(200)).body.data).toMatchObject([{ remaining: 0, fired: 1 }]);

describe('an armed PAID meets the payer\'s wallet', () => {
  it('5 MZN in the wallet, a 10 MZN order polled 3 times: FAILED INSUFFICIENT_BALANCE, the balance stays 5', async () => {
    const { t, token } = await armedApp('order.final.PAID', 5);
    const order = await placeOrder(t, TEN_MZN, token);
    let status = '';
    for (let i = 0; i < 3; i += 1) status = (await t.http.get(`/v1/orders/${order.id}/status`).set(bearer(token)).expect(200)).body.data.status;
    expect(status).toBe('FAILED');
    const { balance, lines } = await balanceHeld(t, 5);
    expect(balance).toBe(5);
    expect(lines).toMatchObject([{ kind: 'failed', amount: 10, balanceAfter: 5, failureReason: { code: 'INSUFFICIENT_BALANCE' } }]);
    await firedOnce(t);
  });

  it('the same through a checkout push and the right PIN: FAILED INSUFFICIENT_BALANCE, nothing debited', async () => {
    const { t, token } = await armedApp('order.final.PAID', 5);
    const order = await placeOrder(t, TEN_MZN, token);
    await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
    const answered = (await t.http.post(`${PAYER_WALLET}/prompt`).send({ action: 'pin', pin: '1234' }).expect(200)).body.data;
    expect(answered).toMatchObject({ status: 'FAILED', failureReason: { code: 'INSUFFICIENT_BALANCE' }, wallet: { balance: 5 } });
    expect((await balanceHeld(t, 5)).balance).toBe(5);
    await firedOnce(t);
  });

  it('a push the phone refuses (another prompt open) stays refused: FAILED TRANSACTION_IN_PROGRESS, the arm spent on it', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.put(PAYER_WALLET).send({ balance: 100, pin: '1234' }).expect(201);
    const first = await placeOrder(t, TEN_MZN, token);
    await pay(t, first.path, 'mpesa', '84 111 2233').expect(303);
    await t.http.post(ARMED).send({ outcome: 'order.final.PAID' }).expect(201);
    const second = await placeOrder(t, TEN_MZN, token);
    await pay(t, second.path, 'mpesa', '84 111 2233').expect(303);
    const [payment] = (await t.http.get(`/v1/payments?orderId=${second.id}`).set(bearer(token)).expect(200)).body.data;
    expect(payment).toMatchObject({ status: 'FAILED', failureReason: { code: 'TRANSACTION_IN_PROGRESS' } });
    expect((await balanceHeld(t, 100)).balance).toBe(100);
    await firedOnce(t);
  });

  it('a wallet that can pay is debited once, and the statement says so', async () => {
    const { t, token } = await armedApp('order.final.PAID', 25);
    const order = await placeOrder(t, TEN_MZN, token);
    for (let i = 0; i < 3; i += 1) await t.http.get(`/v1/orders/${order.id}/status`).set(bearer(token)).expect(200);
    const { balance, lines } = await balanceHeld(t, 25);
    expect(balance).toBe(15);
    expect(lines).toMatchObject([{ kind: 'debit', amount: 10, balanceAfter: 15 }]);
  });

  it('an armed subscription.state.ACTIVE for a charge the wallet cannot pay: the charge fails with the wallet\'s reason', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.put('/__admin/scenarios/active').send({ name: 'subscription-retries-exhausted', clientId: 'mock-client' }).expect(200);
    await t.http.put(PAYER_WALLET).send({ balance: 5, pin: '1234' }).expect(201);
    await t.http.post(ARMED).send({ outcome: 'subscription.state.ACTIVE' }).expect(201);
    const body = { plan: { originPlanId: 'PLAN-M', name: 'Mensal', price: 499, interval: 'monthly' }, customer: { merchantCustomerId: 'C-9', name: 'Rui Sitoe', phone: '841112233' } };
    const id = (await t.http.post('/v1/subscriptions').set(bearer(token)).send(body).expect(201)).body.data.id as string;
    await t.http.post('/__admin/clock/advance').send({ seconds: 61 }).expect(200);
    expect((await t.http.get(`/v1/subscriptions/${id}`).set(bearer(await tokenFor(t))).expect(200)).body.data.status).toBe('PAST_DUE');
    const { balance, lines } = await balanceHeld(t, 5);
    expect(balance).toBe(5);
    expect(lines).toMatchObject([{ kind: 'failed', amount: 499, failureReason: { code: 'INSUFFICIENT_BALANCE' } }]);
    await firedOnce(t);
  });
});
