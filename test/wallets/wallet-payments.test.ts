/**
 * The payer's wallet meets each payment: a 1,000 MZN wallet with PIN 1234 pays 600 (400 left), refuses a second 600
 * (INSUFFICIENT_BALANCE), refuses a push while its prompt is open (TRANSACTION_IN_PROGRESS, the first unaffected),
 * locks after three wrong PINs (then WALLET_LOCKED), lets an ignored prompt expire (PAYER_TIMEOUT); the statement
 * lists it all, and webhooks and status polls carry the same reasons.
 */
import { describe, expect, it } from 'vitest';
import { bearer, tokenFor, type TestApp } from '../support/test-app.ts';
import { pay, placeOrder, WALLET_ORDER_600 as ORDER_600 } from '../support/checkout-helpers.ts';
import { receiversClosedAfterEach, until } from '../support/webhook-receiver.ts';
import { appSendingTo } from '../support/webhook-support.ts';

const receiver = receiversClosedAfterEach();
const PHONE = '+258841112233';
const WALLETS = '/__admin/clients/mock-client/wallets';

const tokens = new WeakMap<TestApp, string>();

async function pushed(t: TestApp) {
  if (!tokens.has(t)) tokens.set(t, await tokenFor(t));
  const order = await placeOrder(t, ORDER_600, tokens.get(t));
  await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
  return order;
}

const answer = (t: TestApp, body: object) => t.http.post(`${WALLETS}/${encodeURIComponent(PHONE)}/prompt`).send(body);
const status = async (t: TestApp, order: { id: string; token: string }) =>
  (await t.http.get(`/v1/orders/${order.id}/status`).set(bearer(order.token)).expect(200)).body.data;
const reasonOf = async (t: TestApp, order: { id: string; token: string }) =>
  (await t.http.get(`/v1/payments?orderId=${order.id}`).set(bearer(order.token)).expect(200)).body.data[0].failureReason;

describe('a payer with a wallet', () => {
  it('pays, runs out, collides, locks and times out, as the statement, the status polls and the webhooks tell', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url);
    const created = await t.http.put(`${WALLETS}/${encodeURIComponent('84 111 2233')}`).send({ balance: 1000, pin: '1234' }).expect(201);
    expect(created.body.data).toMatchObject({ phone: PHONE, provider: 'mpesa', balance: 1000, status: 'active', wrongPins: 0, lockAfterWrongPins: 3 });
    expect(JSON.stringify(created.body)).not.toContain('1234');

    // 600 paid with the right PIN: 400 left.
    const first = await pushed(t);
    const shown = (await t.http.get(`${WALLETS}/${PHONE}`).expect(200)).body.data;
    expect(shown.prompt).toMatchObject({ orderId: first.id, amount: 600, text: 'Confirme o pagamento de 600,00 MZN a mock-client', secondsLeft: 60 });
    // A second push while the first prompt is open fails at once; the first still completes.
    const colliding = await pushed(t);
    expect(await status(t, colliding)).toMatchObject({ status: 'FAILED' });
    expect(await reasonOf(t, colliding)).toEqual({ code: 'TRANSACTION_IN_PROGRESS', providerCode: 'INS-10', message: 'Já existe uma transação em curso no telemóvel do pagador.' });
    const paid = await answer(t, { action: 'pin', pin: '1234' }).expect(200);
    expect(paid.body.data).toMatchObject({ orderId: first.id, status: 'PAID', wallet: { balance: 400, spentToday: 600 } });
    expect(paid.body.data.wallet.prompt).toBeUndefined();
    expect(await status(t, first)).toMatchObject({ status: 'PAID' });

    // A second 600: over the balance.
    const second = await pushed(t);
    expect((await answer(t, { action: 'pin', pin: '1234' }).expect(200)).body.data).toMatchObject({ status: 'FAILED', failureReason: { code: 'INSUFFICIENT_BALANCE', providerCode: 'INS-2006' } });
    expect(await reasonOf(t, second)).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });

    // Three wrong PINs in a row lock the wallet; the next push fails locked at once.
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await pushed(t);
      const wrong = (await answer(t, { action: 'pin', pin: '9999' }).expect(200)).body.data;
      expect(wrong).toMatchObject({ status: 'FAILED', failureReason: { code: 'WRONG_PIN' }, wallet: { wrongPins: attempt, status: attempt === 3 ? 'locked' : 'active' } });
    }
    const locked = await pushed(t);
    expect(await reasonOf(t, locked)).toEqual({ code: 'WALLET_LOCKED', providerCode: 'INS-996', message: 'A carteira do pagador está bloqueada.' });

    // Unlocked by hand, an ignored prompt fails PAYER_TIMEOUT once the mock clock passes its window.
    await t.http.put(`${WALLETS}/${PHONE}`).send({ status: 'active' }).expect(200);
    const ignored = await pushed(t);
    await t.http.post('/__admin/clock/advance').send({ seconds: 59 }).expect(200);
    expect(await status(t, ignored)).toMatchObject({ status: 'PENDING' });
    await t.http.post('/__admin/clock/advance').send({ seconds: 1 }).expect(200);
    expect(await status(t, ignored)).toMatchObject({ status: 'FAILED' });
    expect(await reasonOf(t, ignored)).toMatchObject({ code: 'PAYER_TIMEOUT', providerCode: 'INS-9' });
    await answer(t, { action: 'pin', pin: '1234' }).expect(409);

    const statement = (await t.http.get(`${WALLETS}/${PHONE}/statement`).expect(200)).body.data as Array<Record<string, unknown>>;
    expect(statement.map((line) => [line['kind'], line['failureReason'] && (line['failureReason'] as { code: string }).code, line['balanceAfter']])).toEqual([
      ['failed', 'TRANSACTION_IN_PROGRESS', 1000],
      ['debit', undefined, 400],
      ['failed', 'INSUFFICIENT_BALANCE', 400],
      ['failed', 'WRONG_PIN', 400],
      ['failed', 'WRONG_PIN', 400],
      ['failed', 'WRONG_PIN', 400],
      ['failed', 'WALLET_LOCKED', 400],
      ['failed', 'PAYER_TIMEOUT', 400],
    ]);
    expect(statement[1]).toMatchObject({ orderId: first.id, amount: 600, paymentId: expect.stringMatching(/^pay_/) });

    // The webhooks carry the same reasons as the payments.
    const orderHooks = () => hooks.received.filter((hook) => (hook.body as { type: string }).type === 'order.status_changed');
    await until(() => orderHooks().length >= 8, 'the eight order webhooks');
    const reasons = hooks.received
      .map((hook) => hook.body as unknown as { type: string; data: { orderId: string; failureReason?: { code: string } } })
      .filter((hook) => hook.type === 'order.status_changed')
      .map((hook) => [hook.data.orderId, hook.data.failureReason?.code]);
    expect(reasons).toContainEqual([colliding.id, 'TRANSACTION_IN_PROGRESS']);
    expect(reasons).toContainEqual([locked.id, 'WALLET_LOCKED']);
    expect(reasons).toContainEqual([ignored.id, 'PAYER_TIMEOUT']);
  });
});

describe('a wallet without the checkout page', () => {
  it('fails an order moved by its progression with the limit reason, and debits one it pays', async () => {
    const t = await appSendingTo(undefined);
    await t.http.put(`${WALLETS}/${PHONE}`).send({ balance: 1000, pin: '1234', limits: { perTransaction: 500 } }).expect(201);
    const token = await tokenFor(t);
    const order = await placeOrder(t, ORDER_600, token);
    for (let poll = 0; poll < 3; poll += 1) await status(t, order);
    expect(await reasonOf(t, order)).toEqual({ code: 'WALLET_LIMIT_EXCEEDED', providerCode: 'INS-15', message: 'O valor ultrapassa o limite da carteira do pagador.' });

    await t.http.put(`${WALLETS}/${PHONE}`).send({ limits: { perTransaction: null, perDay: 1000 } }).expect(200);
    const paid = await placeOrder(t, ORDER_600, token);
    for (let poll = 0; poll < 3; poll += 1) await status(t, paid);
    expect(await status(t, paid)).toMatchObject({ status: 'PAID' });
    const wallet = (await t.http.get(`${WALLETS}/${PHONE}`).expect(200)).body.data;
    expect(wallet).toMatchObject({ balance: 400, spentToday: 600, limits: { perDay: 1000 } });
    // 600 more would pass the day's 1,000.
    const third = await placeOrder(t, ORDER_600, token);
    await t.http.put(`${WALLETS}/${PHONE}`).send({ balance: 5000 }).expect(200);
    for (let poll = 0; poll < 3; poll += 1) await status(t, third);
    expect(await reasonOf(t, third)).toMatchObject({ code: 'WALLET_LIMIT_EXCEEDED' });
  });

  it('refuses a number no wallet can have, and an unknown wallet, writing nothing', async () => {
    const t = await appSendingTo(undefined);
    const refused = await t.http.put(`${WALLETS}/${encodeURIComponent('+27 82 000 0000')}`).send({ balance: 1, pin: '1234' }).expect(400);
    expect(refused.body).toMatchObject({ error: 'invalid_request', details: [{ path: 'phone' }] });
    expect((await t.http.put(`${WALLETS}/${PHONE}`).send({ balance: 1 }).expect(400)).body.details).toEqual([{ path: 'pin', message: 'obrigatório ao criar uma carteira' }]);
    await t.http.get(`${WALLETS}/${PHONE}`).expect(404);
    await t.http.post(`${WALLETS}/${PHONE}/prompt`).send({ action: 'cancel' }).expect(404);
    expect(t.store.count('wallets')).toBe(0);
  });
});
