/**
 * Every operation answers under /v1/…, /api/v1/… and /api/…. Each case prepares its
 * records through /v1 and then calls the operation under test on one prefix.
 */
import { describe, expect, it } from 'vitest';
import { bearer, CLIENT, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

type Auth = { Authorization: string };
type World = TestApp & { auth: Auth };
type Check = (w: World, prefix: string) => Promise<void>;

const PREFIXES = ['/v1', '/api/v1', '/api'];

const PLAN = { originPlanId: 'PLAN-1', name: 'Mensal', price: 499, interval: 'monthly' };
const CUSTOMER = { merchantCustomerId: 'CUST-1', name: 'Ana Muianga' };
const SUBSCRIPTION = { plan: PLAN, customer: CUSTOMER };
const ORDER = { customer: CUSTOMER, items: [{ originProductId: 'SKU-1', name: 'Caju torrado', quantity: 2, price: 150 }] };

async function setup(): Promise<World> {
  const t = await createTestApp();
  return { ...t, auth: bearer(await tokenFor(t)) };
}

async function createOrder(w: World): Promise<{ id: string }> {
  return (await w.http.post('/v1/orders').set(w.auth).send(ORDER).expect(201)).body.data;
}

async function createSubscription(w: World): Promise<{ id: string }> {
  return (await w.http.post('/v1/subscriptions').set(w.auth).send(SUBSCRIPTION).expect(201)).body.data;
}

const CATALOG = [
  { name: 'products', key: 'originProductId', body: { name: 'Capulana', price: 350.5 } },
  { name: 'customers', key: 'merchantCustomerId', body: { name: 'Rui Cossa' } },
  { name: 'plans', key: 'originPlanId', body: { name: 'Anual', price: 4999, interval: 'yearly' } },
] as const;

const CATALOG_OPERATIONS: Array<[string, Check]> = CATALOG.flatMap((kind): Array<[string, Check]> => [
  [
    `${kind.name} sync`,
    async (w, prefix) => {
      const response = await w.http.post(`${prefix}/${kind.name}/sync`).set(w.auth).send({ ...kind.body, [kind.key]: 'K-1' }).expect(201);
      expect(response.body.data).toEqual(expect.objectContaining({ ...kind.body, [kind.key]: 'K-1' }));
      expect(w.store.count(kind.name)).toBe(1);
    },
  ],
  [
    `${kind.name} batch sync`,
    async (w, prefix) => {
      const records = ['K-1', 'K-2'].map((key) => ({ ...kind.body, [kind.key]: key }));
      const response = await w.http.post(`${prefix}/${kind.name}/sync/batch`).set(w.auth).send({ [kind.name]: records }).expect(200);
      expect(response.body.summary).toEqual({ created: 2, updated: 0 });
      expect(w.store.count(kind.name)).toBe(2);
    },
  ],
]);

const OPERATIONS: Array<[string, Check]> = [
  ...CATALOG_OPERATIONS,
  [
    'subscription create',
    async (w, prefix) => {
      const response = await w.http.post(`${prefix}/subscriptions`).set(w.auth).send(SUBSCRIPTION).expect(201);
      expect(response.body.data).toEqual(expect.objectContaining({ status: 'PENDING', maxAttempts: 3 }));
      expect(w.store.count('subscriptions')).toBe(1);
    },
  ],
  [
    'subscription sync',
    async (w, prefix) => {
      const body = { ...SUBSCRIPTION, originSubscriptionId: 'SUB-1' };
      const first = await w.http.post(`${prefix}/subscriptions/sync`).set(w.auth).send(body).expect(201);
      const second = await w.http.post(`${prefix}/subscriptions/sync`).set(w.auth).send(body).expect(200);
      expect(second.body.data).toEqual(first.body.data);
      expect(w.store.count('subscriptions')).toBe(1);
    },
  ],
  [
    'subscription list',
    async (w, prefix) => {
      const subscription = await createSubscription(w);
      const response = await w.http.get(`${prefix}/subscriptions`).set(w.auth).expect(200);
      expect(response.body.data.map((record: { id: string }) => record.id)).toEqual([subscription.id]);
      expect(response.body.pagination).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });
    },
  ],
  [
    'subscription get',
    async (w, prefix) => {
      const subscription = await createSubscription(w);
      const response = await w.http.get(`${prefix}/subscriptions/${subscription.id}`).set(w.auth).expect(200);
      expect(response.body.data).toEqual(subscription);
    },
  ],
  [
    'order create',
    async (w, prefix) => {
      const response = await w.http.post(`${prefix}/orders`).set(w.auth).send(ORDER).expect(201);
      expect(response.body.data).toEqual(expect.objectContaining({ status: 'PENDING', amount: 300, currency: 'MZN' }));
      expect(w.store.count('orders')).toBe(1);
    },
  ],
  [
    'order list',
    async (w, prefix) => {
      const order = await createOrder(w);
      const response = await w.http.get(`${prefix}/orders`).set(w.auth).expect(200);
      expect(response.body.data.map((record: { id: string }) => record.id)).toEqual([order.id]);
      expect(response.body.pagination.total).toBe(1);
    },
  ],
  [
    'order get',
    async (w, prefix) => {
      const order = await createOrder(w);
      const response = await w.http.get(`${prefix}/orders/${order.id}`).set(w.auth).expect(200);
      expect(response.body.data).toEqual(expect.objectContaining({ id: order.id, orderId: order.id, amount: 300 }));
    },
  ],
  [
    'order status',
    async (w, prefix) => {
      const order = await createOrder(w);
      const response = await w.http.get(`${prefix}/orders/${order.id}/status`).set(w.auth).expect(200);
      expect(response.body.data).toEqual(expect.objectContaining({ orderId: order.id, status: 'PENDING', amount: 300 }));
    },
  ],
  [
    'payment list',
    async (w, prefix) => {
      const order = await createOrder(w);
      const response = await w.http.get(`${prefix}/payments`).set(w.auth).expect(200);
      expect(response.body.data).toEqual([expect.objectContaining({ orderId: order.id, amount: 300, status: 'PENDING' })]);
      expect(response.body.pagination.total).toBe(1);
    },
  ],
  [
    'token issue',
    async (w, prefix) => {
      const response = await w.http.post(`${prefix}/auth/token`).send(CLIENT).expect(200);
      expect(response.body.data).toEqual(expect.objectContaining({ token_type: 'Bearer', expires_in: 3600 }));
      await w.http.get('/v1/products').set(bearer(response.body.data.access_token)).expect(200);
    },
  ],
  [
    'token refresh',
    async (w, prefix) => {
      const issued = await w.http.post('/v1/auth/token').send(CLIENT).expect(200);
      const refreshToken = issued.body.data.refresh_token;
      const response = await w.http.post(`${prefix}/auth/token/refresh`).send({ refresh_token: refreshToken }).expect(200);
      expect(response.body.data.refresh_token).toBe(refreshToken);
      expect(response.body.data.access_token).not.toBe(issued.body.data.access_token);
      await w.http.get('/v1/products').set(bearer(response.body.data.access_token)).expect(200);
    },
  ],
  [
    'token revoke',
    async (w, prefix) => {
      const victim = await tokenFor(w);
      const response = await w.http.post(`${prefix}/auth/token/revoke`).set(w.auth).send({ token: victim }).expect(200);
      expect(response.body).toEqual({ data: { revoked: true } });
      const refused = await w.http.get('/v1/products').set(bearer(victim)).expect(401);
      expect(refused.body.error).toBe('TOKEN_REVOGADO');
    },
  ],
  [
    'token list',
    async (w, prefix) => {
      const response = await w.http.get(`${prefix}/auth/token/list`).set(w.auth).expect(200);
      expect(response.body.data).toEqual([expect.objectContaining({ tokenHint: w.auth.Authorization.slice(-6) })]);
    },
  ],
];

const CASES = OPERATIONS.flatMap(([operation, check]) => PREFIXES.map((prefix) => [operation, prefix, check] as const));

describe('path forms', () => {
  it.each(CASES)('%s succeeds under %s', async (_operation, prefix, check) => {
    await check(await setup(), prefix);
  });
});
