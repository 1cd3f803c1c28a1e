import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';

const TWO_CLIENTS = {
  clients: [
    { clientId: 'mock-client', clientSecret: 'mock-secret' },
    { clientId: 'other-shop', clientSecret: 'other-secret' },
  ],
};

/** Client A creates one of everything; client B must not see, sync over or reference any of it. */
async function twoClients() {
  const t = await createTestApp(TWO_CLIENTS);
  const a = bearer(await tokenFor(t));
  const b = bearer(await tokenFor(t, { client_id: 'other-shop', client_secret: 'other-secret' }));
  const product = (await t.http.post('/v1/products/sync').set(a).send({ name: 'A', price: 1, originProductId: 'SKU' })).body.data;
  const customer = (await t.http.post('/v1/customers/sync').set(a).send({ name: 'A', merchantCustomerId: 'C' })).body.data;
  const plan = (await t.http.post('/v1/plans/sync').set(a).send({ name: 'A', price: 1, interval: 'monthly', originPlanId: 'P' }))
    .body.data;
  const subscription = (
    await t.http
      .post('/v1/subscriptions/sync')
      .set(a)
      .send({ plan: { planId: plan.id }, customer: { customerId: customer.id }, originSubscriptionId: 'S' })
  ).body.data;
  const order = (
    await t.http.post('/v1/orders').set(a).send({ customer: { customerId: customer.id }, items: [{ productId: product.id, quantity: 1 }] })
  ).body.data;
  return { t, a, b, product, customer, plan, subscription, order };
}

describe('per-client isolation', () => {
  it.each([
    ['products', 'product'],
    ['customers', 'customer'],
    ['plans', 'plan'],
    ['subscriptions', 'subscription'],
    ['orders', 'order'],
  ] as const)('%s: another client can neither get nor list them', async (collection, key) => {
    const world = await twoClients();
    const record = world[key] as { id: string };
    const got = await world.t.http.get(`/v1/${collection}/${record.id}`).set(world.b).expect(404);
    expect(got.body.error).toBe('not_found');
    const list = await world.t.http.get(`/v1/${collection}`).set(world.b).expect(200);
    expect(list.body.data).toEqual([]);
    await world.t.http.get(`/v1/${collection}/${record.id}`).set(world.a).expect(200);
  });

  it('order status and payments are invisible to another client', async () => {
    const world = await twoClients();
    await world.t.http.get(`/v1/orders/${world.order.id}/status`).set(world.b).expect(404);
    const payments = await world.t.http.get('/v1/payments').set(world.b).expect(200);
    expect(payments.body.data).toEqual([]);
    const own = await world.t.http.get('/v1/payments').set(world.a).expect(200);
    expect(own.body.pagination.total).toBe(2);
  });

  it.each([
    ['products', { name: 'B', price: 2, originProductId: 'SKU' }],
    ['customers', { name: 'B', merchantCustomerId: 'C' }],
    ['plans', { name: 'B', price: 2, interval: 'monthly', originPlanId: 'P' }],
  ])('%s: sync by the same merchant key creates a separate record for another client', async (collection, body) => {
    const world = await twoClients();
    const response = await world.t.http.post(`/v1/${collection}/sync`).set(world.b).send(body).expect(201);
    const original = await world.t.http.get(`/v1/${collection}`).set(world.a).expect(200);
    expect(original.body.data[0].name).toBe('A');
    expect(response.body.data.id).not.toBe(original.body.data[0].id);
  });

  it('subscription sync by the same key does not return another client’s subscription', async () => {
    const world = await twoClients();
    const response = await world.t.http
      .post('/v1/subscriptions/sync')
      .set(world.b)
      .send({
        originSubscriptionId: 'S',
        plan: { originPlanId: 'P', name: 'B', price: 2, interval: 'monthly' },
        customer: { merchantCustomerId: 'C', name: 'B' },
      })
      .expect(201);
    expect(response.body.data.id).not.toBe(world.subscription.id);
  });

  it('another client cannot reference the records in orders or subscriptions', async () => {
    const world = await twoClients();
    const order = await world.t.http
      .post('/v1/orders')
      .set(world.b)
      .send({ customer: { customerId: world.customer.id }, items: [{ productId: world.product.id, quantity: 1 }] })
      .expect(400);
    expect(order.body.details.map((detail: { path: string }) => detail.path)).toEqual(['customer.customerId', 'items[0].productId']);
    const subscription = await world.t.http
      .post('/v1/subscriptions')
      .set(world.b)
      .send({ plan: { planId: world.plan.id }, customer: { customerId: world.customer.id } })
      .expect(400);
    expect(subscription.body.details.map((detail: { path: string }) => detail.path)).toEqual(['plan.planId', 'customer.customerId']);
  });

  it("a client's token list shows only its own tokens", async () => {
    const world = await twoClients();
    const list = await world.t.http.get('/v1/auth/token/list').set(world.b).expect(200);
    expect(list.body.data).toHaveLength(1);
  });
});
