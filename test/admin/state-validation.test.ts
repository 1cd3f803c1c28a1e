/**
 * A state import and a snapshot restore are checked whole against the stored records' schemas:
 * each of the poisoned states below → 400 naming the collection, the record id and the field, nothing applied,
 * and the mock keeps working; a real state (seeded data, orders, billing, webhooks) goes back and forth; a
 * failure while applying (500) leaves the state from before.
 */
import { describe, expect, it } from 'vitest';
import { storeOnDisk } from '../support/full-disk.ts';
import { bearer, createTestApp, FROZEN_AT, tokenFor, type TestApp } from '../support/test-app.ts';
import { placeOrder, STORED_DELIVERY } from '../support/admin-helpers.ts';
import { pay, placeOrder as placeWalletOrder, WALLET_ORDER_600 } from '../support/checkout-helpers.ts';

type State = Record<string, any>;
const START = FROZEN_AT.toISOString();

async function exported(t: TestApp): Promise<State> {
  return (await t.http.get('/__admin/state').expect(200)).body as State;
}

/** The state without the instants that move by themselves (export time, real-time offset). */
async function observable(t: TestApp) {
  const { exportedAt: _exportedAt, clock, ...state } = await exported(t);
  return { ...state, now: clock.now, frozen: clock.frozen };
}

const firstId = (state: State, collection: string) => Object.keys(state.store.collections[collection])[0] as string;

function withRecord(state: State, collection: string, id: string, record: unknown): State {
  return { ...state, store: { ...state.store, collections: { ...state.store.collections, [collection]: { ...state.store.collections[collection], [id]: record } } } };
}

/** A delivery as an import accepts it, but for its payload. */
const { payload: _payload, ...DELIVERY } = STORED_DELIVERY;

const cases: Array<[string, (state: State) => State, { path: string; message: string }]> = [
  [
    'a subscription with currentPeriodEnd "garbage"',
    (state) => {
      const id = firstId(state, 'subscriptions');
      return withRecord(state, 'subscriptions', id, { ...state.store.collections.subscriptions[id], currentPeriodEnd: 'garbage' });
    },
    { path: 'store.collections.subscriptions.<id>.currentPeriodEnd', message: 'formato inválido (date-time)' },
  ],
  [
    'a plan with interval "decade"',
    (state) => {
      const id = firstId(state, 'plans');
      return withRecord(state, 'plans', id, { ...state.store.collections.plans[id], interval: 'decade' });
    },
    { path: 'store.collections.plans.<id>.interval', message: 'deve ser um de: weekly, monthly, quarterly, yearly' },
  ],
  [
    'a token ledger "garbage"',
    (state) => ({ ...state, store: { ...state.store, meta: { ...state.store.meta, 'tokens:mock-client': 'garbage' } } }),
    { path: 'store.meta.tokens:mock-client', message: 'tipo inválido (esperado object)' },
  ],
  [
    'an order holding only {id, clientId}',
    (state) => {
      const id = firstId(state, 'orders');
      return withRecord(state, 'orders', id, { id, clientId: 'mock-client' });
    },
    { path: 'store.collections.orders.<id>.status', message: 'campo obrigatório' },
  ],
  [
    'a webhook delivery without payload',
    (state) => ({ ...state, webhooks: { endpoints: {}, deliveries: [DELIVERY] } }),
    { path: 'webhooks.deliveries[0].payload', message: 'campo obrigatório' },
  ],
  [
    'a stored outbox delivery with status "lost"',
    (state) => withRecord(state, 'webhookDeliveries', 'whd_1', { ...DELIVERY, status: 'lost', payload: { id: 'evt_1', type: 'order.status_changed', createdAt: START, data: {} } }),
    { path: 'store.collections.webhookDeliveries.whd_1.status', message: 'deve ser um de: pending, delivered, failed' },
  ],
  [
    'a durable clock setting "garbage"',
    (state) => ({ ...state, store: { ...state.store, meta: { ...state.store.meta, 'mock.clock': 'garbage' } } }),
    { path: 'store.meta.mock.clock', message: 'tipo inválido (esperado object)' },
  ],
  [
    'a webhook endpoint at the metadata address',
    (state) => ({ ...state, webhooks: { endpoints: { 'mock-client': { url: 'http://169.254.169.254/latest/meta-data/', secret: 'whsec-12345678' } }, deliveries: [] } }),
    { path: 'webhooks.endpoints.mock-client.url', message: 'endereço link-local ou de metadados recusado (permita-o com a opção webhookAllowLinkLocal)' },
  ],
];

describe('a poisoned state import', () => {
  it.each(cases)('%s → 400 naming collection, id and field; nothing applied; the mock keeps working', async (_name, spoil, expected) => {
    const t = await createTestApp({ seedData: 'default' });
    await tokenFor(t);
    const good = await exported(t);
    const poisoned = spoil(good);
    const before = await observable(t);
    const refused = await t.http.put('/__admin/state').send(poisoned).expect(400);
    const collection = expected.path.split('.')[2] ?? '';
    const path = expected.path.replace('<id>', collection ? (Object.keys(good.store.collections[collection] ?? {})[0] ?? '') : '');
    expect(refused.body.error).toBe('invalid_request');
    expect(refused.body.details).toContainEqual({ path, message: expected.message });
    // Refused by the document (spec/admin.yaml says what the server checks) or, beyond what a schema can say, by the server.
    expect(refused.body.message).toMatch(/^(Parâmetros inválidos$|Estado recusado: )/);
    expect(await observable(t)).toEqual(before);
    await t.http.post('/__admin/clock/advance').send({ seconds: 86_400 * 40 }).expect(200);
    await t.http.get('/v1/subscriptions').set(bearer(await tokenFor(t))).expect(200);
  }, 60_000);

  it('names at most 20 problems of a state whose every record is broken', async () => {
    const t = await createTestApp({ seedData: 'default' });
    const state = await exported(t);
    const broken = Object.fromEntries(Object.keys(state.store.collections.orders).map((id) => [id, { id, clientId: 'mock-client' }]));
    const refused = await t.http.put('/__admin/state').send({ ...state, store: { ...state.store, collections: { ...state.store.collections, orders: broken } } }).expect(400);
    expect(refused.body.details).toHaveLength(20);
  });
});

describe('a real state', () => {
  it('seeded data, orders, tokens, billing and webhook deliveries export and import back unchanged', async () => {
    const t = await createTestApp({ seedData: 'default' });
    const token = await tokenFor(t);
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: 'http://127.0.0.1:9/hook', secret: 'whsec-12345678' }).expect(200);
    const order = await placeOrder(t, token);
    await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status: 'PAID' }).expect(200);
    await t.http.post('/__admin/clock/advance').send({ seconds: 86_400 * 40 }).expect(200);
    const state = await exported(t);
    expect(state.webhooks.deliveries.length).toBeGreaterThan(0);
    expect(Object.keys(state.store.collections.payments).length).toBeGreaterThan(0);
    const before = await observable(t);
    await t.http.put('/__admin/state').send(state).expect(200);
    expect(await observable(t)).toEqual(before);
  }, 60_000);

  it('a payment a wallet refused (over its limit) and its statement line export and import back unchanged', async () => {
    const t = await createTestApp();
    const wallet = '/__admin/clients/mock-client/wallets/%2B258841112233';
    await t.http.put(wallet).send({ balance: 5000, pin: '1234', limits: { perTransaction: 100 } }).expect(201);
    const order = await placeWalletOrder(t, WALLET_ORDER_600, await tokenFor(t));
    await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
    const answer = await t.http.post(`${wallet}/prompt`).send({ action: 'pin', pin: '1234' }).expect(200);
    expect(answer.body.data).toMatchObject({ status: 'FAILED', failureReason: { code: 'WALLET_LIMIT_EXCEEDED' } });
    const state = await exported(t);
    const before = await observable(t);
    await t.http.put('/__admin/state').send(state).expect(200);
    expect(await observable(t)).toEqual(before);
  });
});

describe('a snapshot restore', () => {
  it('is checked as an import: a webhook that became the mock’s own origin → 400, nothing applied', async () => {
    const t = await createTestApp();
    await t.http.put('/__admin/clients/mock-client/webhook').set('Host', 'localhost:4555').send({ url: 'http://localhost:5555/hook', secret: 'whsec-12345678' }).expect(200);
    await t.http.post('/__admin/snapshots').send({ name: 'with-hook' }).expect(201);
    await t.http.post('/__admin/clock/advance').send({ seconds: 60 }).expect(200);
    const before = await observable(t);
    const refused = await t.http.post('/__admin/snapshots/with-hook/restore').set('Host', 'localhost:5555').expect(400);
    expect(refused.body.details).toEqual([{ path: 'webhooks.endpoints.mock-client.url', message: 'a própria origem do mock não recebe webhooks' }]);
    expect(await observable(t)).toEqual(before);
    await t.http.post('/__admin/snapshots/with-hook/restore').set('Host', 'localhost:4555').expect(200);
  });
});

describe('a failure while applying', () => {
  it('an import the disk refuses → 500, and the state from before is still there', async () => {
    const { disk, store } = storeOnDisk();
    const t = await createTestApp({}, { store });
    const token = await tokenFor(t);
    const state = await exported(t);
    await placeOrder(t, token);
    await t.http.post('/__admin/clock/advance').send({ seconds: 60 }).expect(200);
    const before = await observable(t);
    disk.full = true;
    await t.http.put('/__admin/state').send(state).expect(500);
    disk.full = false;
    expect(await observable(t)).toEqual(before);
  });
});
