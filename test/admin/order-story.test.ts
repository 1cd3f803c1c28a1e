/**
 * An order's story (`GET /__admin/orders/{order_id}/story`): an order paid through the checkout page by a wallet's
 * PIN tells, in order, its create request, the push, the prompt, the PIN, the debit, PAID and the webhooks with their
 * attempts; an order pushed to a wallet locked by three wrong PINs tells the wallet's refusal. Hostile: an unknown
 * id, a malformed one, another client's selection; a read changes nothing. The setup checks every answer against
 * spec/admin.yaml.
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { pay, placeOrder, WALLET_ORDER_600 } from '../support/checkout-helpers.ts';
import { receiversClosedAfterEach, until } from '../support/webhook-receiver.ts';
import { appSendingTo } from '../support/webhook-support.ts';

const receiver = receiversClosedAfterEach();
const PHONE = '+258841112233';
const WALLET = `/__admin/clients/mock-client/wallets/${encodeURIComponent(PHONE)}`;

interface Entry {
  at: string;
  kind: string;
  summary: string;
  [field: string]: unknown;
}

async function storyOf(t: TestApp, orderId: string, query = '') {
  return (await t.http.get(`/__admin/orders/${orderId}/story${query}`).expect(200)).body.data as {
    status: string;
    failureReason?: { code: string };
    payments: Array<{ status: string }>;
    entries: Entry[];
  };
}

/** The state as exported, less the frozen clock's offset from real time (which real time moves). */
async function exported(t: TestApp): Promise<unknown> {
  const state = (await t.http.get('/__admin/state').expect(200)).body as { clock: { offsetMs?: number } };
  delete state.clock.offsetMs;
  return state;
}

const later = (t: TestApp, seconds: number) => t.clock.advance(seconds);
const at = (t: TestApp) => t.clock.now().toISOString();

describe("an order's story", () => {
  it('of an order paid by a PIN: the request, the push, the prompt, the PIN, the debit, PAID, the webhooks and their attempts', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url);
    await t.http.put(WALLET).send({ balance: 1000, pin: '1234' }).expect(201);
    const order = await placeOrder(t, WALLET_ORDER_600, await tokenFor(t));
    const placedAt = at(t);
    later(t, 5);
    await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
    const pushedAt = at(t);
    later(t, 7);
    await t.http.post(`${WALLET}/prompt`).send({ action: 'pin', pin: '1234' }).expect(200);
    const paidAt = at(t);
    await until(() => hooks.received.length >= 2, 'the order and payment webhooks');
    await t.core.webhooks.idle();

    const story = await storyOf(t, order.id);
    expect(story).toMatchObject({ status: 'PAID', payments: [{ status: 'PAID', method: 'mpesa' }] });
    expect(story.failureReason).toBeUndefined();
    expect(story.entries.map((entry) => [entry.kind, entry.at])).toEqual([
      ['request', placedAt],
      ['status_change', placedAt],
      ['payment', placedAt],
      ['checkout', pushedAt],
      ['prompt', pushedAt],
      ['prompt', paidAt],
      ['wallet', paidAt],
      ['status_change', paidAt],
      ['payment', paidAt],
      ['webhook_delivery', paidAt],
      ['webhook_attempt', paidAt],
      ['webhook_delivery', paidAt],
      ['webhook_attempt', paidAt],
    ]);
    const [created, placed, paymentCreated, push, sent, answered, debit, paid, paymentPaid, orderHook, orderAttempt, paymentHook, paymentAttempt] = story.entries;
    // Each entry as it was at its instant: the payment was created PENDING, though it is PAID now.
    expect(paymentCreated).toMatchObject({ status: 'PENDING', summary: expect.stringMatching(/^Payment pay_\S+ created: 600 MZN, PENDING$/) });
    expect(paymentPaid).toMatchObject({ status: 'PAID', summary: expect.stringMatching(/^Payment pay_\S+ PAID$/) });
    expect(created).toMatchObject({ method: 'POST', path: '/v1/orders', statusCode: 201, operationId: 'createOrder' });
    // The request id opens the journal's entry.
    const journaled = await t.http.get(`/__admin/requests/${String(created?.['requestId'])}`).expect(200);
    expect(journaled.body.data).toMatchObject({ method: 'POST', path: '/v1/orders', status: 201 });
    expect(placed).toMatchObject({ status: 'PENDING' });
    expect(push).toMatchObject({ paymentMethod: 'mpesa', phone: PHONE });
    expect(sent).toMatchObject({ prompt: 'sent', phone: PHONE });
    expect(answered).toMatchObject({ prompt: 'answered', answer: 'pin' });
    expect(debit).toMatchObject({ walletEntry: 'debit', amount: 600, balanceAfter: 400 });
    expect(paid).toMatchObject({ from: 'PENDING', status: 'PAID', cause: { by: 'payer', answer: 'pin' } });
    expect(orderHook).toMatchObject({ eventType: 'order.status_changed', status: 'delivered' });
    expect(orderAttempt).toMatchObject({ deliveryId: orderHook?.['deliveryId'], attempt: 1, statusCode: 200 });
    expect(paymentHook).toMatchObject({ eventType: 'payment.status_changed', status: 'delivered' });
    expect(paymentAttempt).toMatchObject({ deliveryId: paymentHook?.['deliveryId'], attempt: 1, statusCode: 200 });
    expect(story.entries.every((entry) => entry.summary.length > 0)).toBe(true);
  });

  it('of an order pushed to a wallet locked by three wrong PINs: the refusal, FAILED and WALLET_LOCKED', async () => {
    const t = await appSendingTo(undefined);
    await t.http.put(WALLET).send({ balance: 1000, pin: '1234' }).expect(201);
    const token = await tokenFor(t);
    const wrong = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const order = await placeOrder(t, WALLET_ORDER_600, token);
      await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
      await t.http.post(`${WALLET}/prompt`).send({ action: 'pin', pin: '9999' }).expect(200);
      wrong.push(order);
    }
    const locked = await placeOrder(t, WALLET_ORDER_600, token);
    later(t, 3);
    await pay(t, locked.path, 'mpesa', '84 111 2233').expect(303);
    later(t, 1);
    await t.http.get(`/v1/orders/${locked.id}/status`).set(bearer(token)).expect(200);

    const third = await storyOf(t, wrong[2]?.id ?? '');
    expect(third.entries.filter((entry) => ['prompt', 'wallet', 'status_change'].includes(entry.kind)).slice(-3)).toMatchObject([
      { kind: 'prompt', prompt: 'answered', answer: 'pin' },
      { kind: 'wallet', walletEntry: 'failed', failureReason: { code: 'WRONG_PIN' } },
      { kind: 'status_change', status: 'FAILED', cause: { by: 'payer', answer: 'pin' } },
    ]);

    const story = await storyOf(t, locked.id);
    expect(story).toMatchObject({ status: 'FAILED', failureReason: { code: 'WALLET_LOCKED' }, payments: [{ status: 'FAILED' }] });
    expect(story.entries.map((entry) => entry.kind)).toEqual(['request', 'status_change', 'payment', 'checkout', 'wallet', 'status_change', 'payment', 'request']);
    expect(story.entries.slice(3)).toMatchObject([
      { kind: 'checkout', phone: PHONE },
      { kind: 'wallet', walletEntry: 'failed', failureReason: { code: 'WALLET_LOCKED' } },
      { kind: 'status_change', from: 'PENDING', status: 'FAILED', cause: { by: 'wallet' } },
      { kind: 'payment', status: 'FAILED', failureReason: { code: 'WALLET_LOCKED', providerCode: 'INS-996' } },
      { kind: 'request', method: 'GET', path: `/v1/orders/${locked.id}/status`, statusCode: 200 },
    ]);
    // No prompt went out.
    expect(story.entries.some((entry) => entry.kind === 'prompt')).toBe(false);
  });

  it('says why an order moved when status polls or the admin API moved it', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const polled = await placeOrder(t, undefined, token);
    for (let poll = 1; poll <= 3; poll += 1) await t.http.get(`/v1/orders/${polled.id}/status`).set(bearer(token)).expect(200);
    const moved = await placeOrder(t, undefined, token);
    await t.http.post(`/__admin/orders/${moved.id}/transition`).send({ status: 'CANCELLED' }).expect(200);

    const polls = (await storyOf(t, polled.id)).entries;
    expect(polls.filter((entry) => entry.kind === 'request')).toHaveLength(4);
    expect(polls.find((entry) => entry.kind === 'status_change' && entry['status'] === 'PAID')).toMatchObject({ cause: { by: 'poll', polls: 3 } });
    const cancelled = (await storyOf(t, moved.id)).entries;
    expect(cancelled.find((entry) => entry['status'] === 'CANCELLED' && entry.kind === 'status_change')).toMatchObject({ cause: { by: 'admin' } });
  });
});

describe("an order's story, hostile", () => {
  it('answers 404 not_found for an unknown id, and 400 for a malformed or over-long one', async () => {
    const t = await createTestApp();
    const unknown = await t.http.get('/__admin/orders/ord_nothing/story').expect(404);
    expect(unknown.body).toMatchObject({ error: 'not_found' });
    await t.http.get(`/__admin/orders/${encodeURIComponent('bad id\u0000é')}/story`).expect(400);
    await t.http.get(`/__admin/orders/${'x'.repeat(201)}/story`).expect(400);
  });

  it("does not tell a request that named the order only as a secret's value (the journal holds it masked)", async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const order = await placeOrder(t, undefined, token);
    const other = await placeOrder(t, undefined, token);
    await t.http.get(`/v1/orders/${other.id}?client_secret=${order.id}`).set(bearer(token)).expect(400);
    await t.http.get(`/v1/orders/${other.id}?orderId=${order.id}`).set(bearer(token)).expect(400);

    const requests = (await storyOf(t, order.id)).entries.filter((entry) => entry.kind === 'request');
    // The order's create and the request that named it in `orderId`; not the one that sent it as `client_secret`.
    expect(requests.map((entry) => entry.summary).sort()).toEqual([`GET /v1/orders/${other.id} answered 400 invalid_request`, 'POST /v1/orders answered 201']);
    const ofOther = (await storyOf(t, other.id)).entries.filter((entry) => entry.kind === 'request');
    expect(ofOther).toHaveLength(3);
  });

  it('changes nothing by a read', async () => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    const before = await exported(t);
    await storyOf(t, order.id);
    await t.http.get('/__admin/orders/ord_nothing/story').expect(404);
    expect(await exported(t)).toEqual(before);
  });

  it("answers a tenant's order for that client only, on the tenant's clock", async () => {
    const t = await createTestApp();
    const frozenAt = '2030-01-01T00:00:00.000Z';
    const tenant = (await t.http.post('/__admin/tenants').send({ clientId: 'job-a', clock: { frozenAt } }).expect(201)).body.data;
    const token = (await t.http.post('/v1/auth/token').send({ client_id: tenant.clientId, client_secret: tenant.clientSecret }).expect(200)).body.data.access_token;
    const order = await placeOrder(t, undefined, token);

    const story = await storyOf(t, order.id, '?clientId=job-a');
    expect(story.entries.slice(0, 2)).toMatchObject([{ kind: 'request', at: frozenAt }, { kind: 'status_change', at: frozenAt }]);
    expect((await t.http.get(`/__admin/orders/${order.id}/story?clientId=mock-client`).expect(404)).body).toMatchObject({ error: 'not_found' });
  });
});
