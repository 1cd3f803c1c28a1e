/**
 * Every armable outcome in turn: armed for the client, the client's own move meets it (coverage counts it met, for
 * an outcome of the catalogue), the arm is spent after firing once, and the client's next move is as before.
 */
import { describe, expect, it } from 'vitest';
import { armable, armableIds, ARMABLE_BEHAVIOURS } from '../../src/armed/armable.ts';
import { outcomeCatalogue } from '../../src/coverage/outcome-catalogue.ts';
import { bearer, tokenFor, type TestApp } from '../support/test-app.ts';
import { receiversClosedAfterEach, until, type Receiver } from '../support/webhook-receiver.ts';
import { appSendingTo, payAnOrder } from '../support/webhook-support.ts';
import { ORDER_BODY } from '../support/admin-helpers.ts';

const receiver = receiversClosedAfterEach();
const ARMED = '/__admin/clients/mock-client/armed';
const DAY = 86_400;

/** The client's move for each kind of outcome; returns what it saw, for the assertions. */
const MOVES = {
  async request(t: TestApp, token: string) {
    // A network failure answers nothing: its connection is dropped or reset (status 0, as the journal says).
    const answer = await t.http.get('/v1/orders').set(bearer(token)).then((got) => got, () => undefined);
    return { status: answer?.status ?? 0, code: answer?.body.error as string | undefined };
  },
  async token(t: TestApp) {
    const answer = await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).then((got) => got, () => undefined);
    return { status: answer?.status ?? 0, code: answer?.body.error as string | undefined };
  },
  /** An order paid at its 3rd status poll: that poll's change sends webhooks. */
  async paid(t: TestApp, token: string) {
    const id = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201)).body.data.id as string;
    let status = 'PENDING';
    for (let poll = 0; poll < 3; poll += 1) status = (await t.http.get(`/v1/orders/${id}/status`).set(bearer(token)).expect(200)).body.data.status;
    return { status, code: undefined };
  },
  /** The checkout page of a new order opened, as the payer's browser does. */
  async page(t: TestApp, token: string) {
    const id = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201)).body.data.id as string;
    return { status: (await t.http.get(`/checkout/${id}`)).status, code: undefined };
  },
  async order(t: TestApp, token: string) {
    const id = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201)).body.data.id as string;
    for (let poll = 0; poll < 3; poll += 1) await t.http.get(`/v1/orders/${id}/status`).set(bearer(token)).expect(200);
    await advance(t, 61);
    const fresh = await tokenFor(t);
    const status = (await t.http.get(`/v1/orders/${id}`).set(bearer(fresh)).expect(200)).body.data.status as string;
    const payments = (await t.http.get('/v1/payments').set(bearer(fresh)).expect(200)).body.data as Array<{ orderId: string; failureReason?: { code: string } }>;
    return { status, code: payments.find((payment) => payment.orderId === id)?.failureReason?.code };
  },
  async charge(t: TestApp, token: string) {
    const body = { plan: { originPlanId: 'PLAN-M', name: 'Mensal', price: 499, interval: 'monthly' }, customer: { merchantCustomerId: `C-${Math.random()}`, name: 'Ana', phone: '841234567' } };
    const id = (await t.http.post('/v1/subscriptions').set(bearer(token)).send(body).expect(201)).body.data.id as string;
    const read = async () => (await t.http.get(`/v1/subscriptions/${id}`).set(bearer(await tokenFor(t))).expect(200)).body.data.status as string;
    await advance(t, 61);
    const first = await read();
    for (let day = 0; day < 4; day += 1) await advance(t, DAY + 61);
    return { status: `${first} then ${await read()}`, code: undefined };
  },
};

async function advance(t: TestApp, seconds: number): Promise<void> {
  await t.http.post('/__admin/clock/advance').send({ seconds }).expect(200);
  await t.core.webhooks.idle();
}

/** The move that meets an outcome: a token request for the token's leg, an order paid for a webhook before the answer. */
function moveOf(id: string): keyof typeof MOVES {
  const found = armable(id);
  if (!found.ok || found.effect.meets === 'delivery') throw new Error(`${id} is not met by a move`);
  if (found.effect.meets !== 'request') return found.effect.meets;
  return found.effect.operations?.includes('issueToken') ? 'token' : found.effect.webhookFirst ? 'paid' : 'request';
}

function expected(id: string): { status?: number | string; code?: string } {
  const effect = armable(id);
  if (!effect.ok) throw new Error(`${id} is not armable`);
  const { effect: what } = effect;
  if (what.meets === 'order') return { status: what.outcome.status, ...(what.outcome.reason !== undefined && { code: what.outcome.reason }) };
  if (what.meets === 'charge') return { status: { succeeds: 'ACTIVE then ACTIVE', fails: 'PAST_DUE then ACTIVE', cancels: 'PAST_DUE then CANCELLED' }[what.charge] };
  return {};
}

async function coverageOf(t: TestApp, id: string): Promise<string | undefined> {
  const coverage = (await t.http.get('/__admin/coverage').query({ clientId: 'mock-client' }).expect(200)).body.data;
  return coverage.outcomes.find((one: { id: string }) => one.id === id)?.status;
}

const catalogued = new Set(outcomeCatalogue().map((outcome) => outcome.id));
const ids = armableIds();

describe('every armable outcome', () => {
  it('covers every kind: 16 requests, 14 orders, 3 charges, 6 delivery behaviours, 2 checkout pages', () => {
    const kinds = ids.map((id) => { const found = armable(id); return found.ok ? found.effect.meets : 'none'; });
    expect(['request', 'order', 'charge', 'delivery', 'page'].map((kind) => kinds.filter((one) => one === kind).length)).toEqual([16, 14, 3, 6, 2]);
    expect(ids.filter((id) => !catalogued.has(id))).toEqual([...ARMABLE_BEHAVIOURS]);
  });

  it.each(ids.filter((id) => { const found = armable(id); return found.ok && found.effect.meets !== 'delivery'; }))('%s: met by the client’s next move, then the world is as before', async (id) => {
    // A held answer (network.timeout*) is held a moment here, not the default 30 s.
    const move = moveOf(id);
    // A webhook before the answer needs a receiver: the change's webhooks are sent to it.
    const t = await appSendingTo(move === 'paid' ? (await receiver()).url : undefined, { timeouts: { heldAnswerSeconds: 0.05 } });
    const token = await tokenFor(t);
    const meets = (armable(id) as { ok: true; effect: { meets: 'request' | 'order' | 'charge' | 'page' } }).effect.meets;
    await t.http.post(ARMED).send({ outcome: id }).expect(201);

    const seen = await MOVES[move](t, token);
    const want = expected(id);
    // A late or slow answer (network.timeout, network.slow-body, auth.token.slow, webhook.before-reply) is the
    // operation's own; every other request outcome answers an error or nothing.
    if (['network.timeout', 'network.slow-body', 'auth.token.slow'].includes(id)) expect(seen.status).toBe(200);
    else if (move === 'paid') expect(seen.status).toBe('PAID');
    else if (meets === 'page') expect(seen.status).toBe(id === 'checkout.503' ? 503 : 200);
    else if (meets === 'request') expect(seen.status === 0 || Number(seen.status) >= 400, `${id} answered ${seen.status}`).toBe(true);
    else expect(seen).toEqual({ status: want.status, code: want.code });
    expect(await coverageOf(t, id)).not.toBe('not-met');
    const [arm] = (await t.http.get(ARMED).expect(200)).body.data;
    expect(arm).toMatchObject({ outcome: id, remaining: 0, fired: 1 });

    const again = await MOVES[move](t, await tokenFor(t));
    const normal = move === 'request' || move === 'token' || move === 'page' ? { status: 200, code: undefined } : meets === 'charge' ? { status: 'ACTIVE then ACTIVE', code: undefined } : { status: 'PAID', code: undefined };
    expect(again).toEqual(normal);
  });

  it.each(ids.filter((id) => { const found = armable(id); return found.ok && found.effect.meets === 'delivery'; }))('%s: the next change’s deliveries, then as before', async (id) => {
    const hooks: Receiver = await receiver();
    // A delay before connecting (webhook.connect-delay) is the hold: a moment here.
    const t = await appSendingTo(hooks.url, { timeouts: { heldAnswerSeconds: 0.05 } });
    await t.http.post(ARMED).send({ outcome: id }).expect(201);
    await payAnOrder(t);
    await advance(t, 300);
    await until(() => t.core.webhooks.deliveries({ status: 'delivered' }).length >= 2, 'delivered');
    const [arm] = (await t.http.get(ARMED).expect(200)).body.data;
    expect(arm).toMatchObject({ outcome: id, remaining: 0, fired: 1 });
    if (catalogued.has(id)) expect(await coverageOf(t, id)).not.toBe('not-met');
    const before = hooks.received.length;
    await payAnOrder(t);
    await until(() => hooks.received.length === before + 2, 'two deliveries of the next change, once each');
    expect(hooks.received.slice(before).map((request) => request.body.type)).toEqual(['order.status_changed', 'payment.status_changed']);
  });
});
