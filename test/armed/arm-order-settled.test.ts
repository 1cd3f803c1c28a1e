/**
 * An armed order outcome binds the client's next order however it is settled: its status polls (arm-order-outcomes
 * .test.ts), the payer's PIN or cancel answering a checkout push, the payer's fail or cancel on the checkout page, a
 * scenario's time step. An admin transition is forced by hand: it comes first and leaves the arm for the next order.
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { ARMED, armedApp, PAYER_WALLET } from '../support/armed-helpers.ts';
import { pay, placeOrder, submit, WALLET_ORDER_600 } from '../support/checkout-helpers.ts';


const arms = async (t: TestApp) => (await t.http.get(ARMED).expect(200)).body.data as Array<{ remaining: number; fired: number; firings: Array<{ recordId?: string }> }>;

async function endOf(t: TestApp, order: { id: string; token: string }) {
  const data = (await t.http.get(`/v1/orders/${order.id}`).set(bearer(order.token)).expect(200)).body.data;
  const [payment] = (await t.http.get(`/v1/payments?orderId=${order.id}`).set(bearer(order.token)).expect(200)).body.data;
  return { status: data.status as string, reason: payment?.failureReason?.code as string | undefined };
}

/** The order after it, polled three times: the arm is spent, so it is paid. */
async function nextPolledOrder(t: TestApp, token: string) {
  const order = await placeOrder(t, WALLET_ORDER_600, token);
  for (let i = 0; i < 3; i += 1) await t.http.get(`/v1/orders/${order.id}/status`).set(bearer(token)).expect(200);
  return endOf(t, order);
}

async function expectFiredOn(t: TestApp, orderId: string) {
  expect(await arms(t)).toMatchObject([{ remaining: 0, fired: 1, firings: [{ recordId: orderId }] }]);
}

describe('an armed order outcome, however the order is settled', () => {
  it('a checkout push answered with the right PIN: the order ends in the armed CANCELLED, the wallet is not debited', async () => {
    const { t, token } = await armedApp('order.final.CANCELLED', 1000);
    const order = await placeOrder(t, WALLET_ORDER_600, token);
    await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
    const answered = (await t.http.post(`${PAYER_WALLET}/prompt`).send({ action: 'pin', pin: '1234' }).expect(200)).body.data;
    expect(answered).toMatchObject({ orderId: order.id, status: 'CANCELLED', wallet: { balance: 1000 } });
    expect(await endOf(t, order)).toEqual({ status: 'CANCELLED', reason: 'ORDER_CANCELLED' });
    await expectFiredOn(t, order.id);
    expect(await nextPolledOrder(t, token)).toEqual({ status: 'PAID', reason: undefined });
  });

  it('a checkout push the payer cancels on the phone: the order ends in the armed payer.WRONG_PIN', async () => {
    const { t, token } = await armedApp('payer.WRONG_PIN', 1000);
    const order = await placeOrder(t, WALLET_ORDER_600, token);
    await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
    await t.http.post(`${PAYER_WALLET}/prompt`).send({ action: 'cancel' }).expect(200);
    expect(await endOf(t, order)).toEqual({ status: 'FAILED', reason: 'WRONG_PIN' });
    await expectFiredOn(t, order.id);
  });

  it("the payer's answer on the checkout page (fail): the order ends in the armed CANCELLED", async () => {
    const { t, token } = await armedApp('order.final.CANCELLED');
    const order = await placeOrder(t, WALLET_ORDER_600, token);
    await submit(t, order.path, { action: 'fail' }).expect(303);
    expect(await endOf(t, order)).toEqual({ status: 'CANCELLED', reason: 'ORDER_CANCELLED' });
    await expectFiredOn(t, order.id);
    expect(await nextPolledOrder(t, token)).toEqual({ status: 'PAID', reason: undefined });
  });

  it("a scenario's time step (slow-payment: paid after 600 s): the order ends in the armed FAILED when the step comes due", async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.put('/__admin/scenarios/active').send({ name: 'slow-payment', clientId: 'mock-client' }).expect(200);
    await t.http.post(ARMED).send({ outcome: 'order.final.FAILED' }).expect(201);
    const order = await placeOrder(t, WALLET_ORDER_600, token);
    await t.http.post('/__admin/clients/mock-client/clock/advance').send({ seconds: 600 }).expect(200);
    expect(await endOf(t, order)).toEqual({ status: 'FAILED', reason: 'PAYMENT_FAILED' });
    await expectFiredOn(t, order.id);
  });

  it('an admin transition comes first: the order is paid and the arm waits for the next order', async () => {
    const { t, token } = await armedApp('order.final.CANCELLED');
    const order = await placeOrder(t, WALLET_ORDER_600, token);
    await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status: 'PAID' }).expect(200);
    expect(await endOf(t, order)).toEqual({ status: 'PAID', reason: undefined });
    expect(await arms(t)).toMatchObject([{ remaining: 1, fired: 0 }]);
    expect(await nextPolledOrder(t, token)).toEqual({ status: 'CANCELLED', reason: 'ORDER_CANCELLED' });
  });
});
