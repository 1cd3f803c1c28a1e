import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

async function setup(config = {}): Promise<TestApp & { auth: { Authorization: string } }> {
  const t = await createTestApp(config);
  return { ...t, auth: bearer(await tokenFor(t)) };
}

const item = (originProductId: string) => ({ originProductId, name: 'Caneca', price: 100, quantity: 2 });

describe('edge cases found in review', () => {
  it('keeps merchant keys of different kinds apart within one order', async () => {
    const t = await setup();
    const response = await t.http
      .post('/v1/orders')
      .set(t.auth)
      .send({ customer: { merchantCustomerId: '1', name: 'Ana' }, items: [item('1')] })
      .expect(201);
    expect(response.body.data.customerId).toMatch(/^cus_/);
    expect(response.body.data.items[0].productId).toMatch(/^prod_/);
    expect(t.store.count('customers')).toBe(1);
    expect(t.store.count('products')).toBe(1);
  });

  it('keeps merchant keys of different kinds apart within one subscription', async () => {
    const t = await setup();
    const response = await t.http
      .post('/v1/subscriptions')
      .set(t.auth)
      .send({ plan: { originPlanId: '7', name: 'P', price: 1, interval: 'monthly' }, customer: { merchantCustomerId: '7', name: 'Rui' } })
      .expect(201);
    expect(response.body.data.planId).toMatch(/^plan_/);
    expect(response.body.data.customerId).toMatch(/^cus_/);
  });

  it('accepts two-decimal prices up to the maximum despite floating point', async () => {
    const t = await setup();
    for (const price of [10_000_000.02, 158_125_901.83, 999_999_999.99, 0.07]) {
      const response = await t.http.post('/v1/products/create').set(t.auth).send({ name: 'Carro', price }).expect(201);
      expect(response.body.data.price).toBe(price);
    }
  });

  it('checks the 8 KiB metadata limit on plan data inside a subscription and in batches', async () => {
    const t = await setup();
    const metadata = { note: 'x'.repeat(9000) };
    const subscription = await t.http
      .post('/v1/subscriptions')
      .set(t.auth)
      .send({ plan: { originPlanId: 'P', name: 'P', price: 1, interval: 'monthly', metadata }, customer: { merchantCustomerId: 'C', name: 'Rui' } })
      .expect(400);
    expect(subscription.body.details).toEqual([expect.objectContaining({ path: 'plan.metadata' })]);
    const batch = await t.http
      .post('/v1/products/sync/batch')
      .set(t.auth)
      .send({ products: [{ name: 'A', price: 1, originProductId: 'A' }, { name: 'B', price: 1, originProductId: 'B', metadata }] })
      .expect(400);
    expect(batch.body.details).toEqual([expect.objectContaining({ path: 'products[1].metadata' })]);
    expect(t.store.count('plans') + t.store.count('customers') + t.store.count('products') + t.store.count('subscriptions')).toBe(0);
  });

  it('refuses metadata nested deeper than 16 levels (a 2,500-deep list of 5 KB), naming the field, writing nothing', async () => {
    const t = await setup();
    let deep: unknown = 1;
    for (let level = 0; level < 2500; level += 1) deep = [deep];
    const tooDeep = { deep };
    for (const [path, body] of [
      ['/v1/products/create', { name: 'A', price: 1, metadata: tooDeep }],
      ['/v1/customers/sync', { merchantCustomerId: 'C', name: 'Rui', metadata: tooDeep }],
      ['/v1/plans/sync/batch', { plans: [{ originPlanId: 'P', name: 'P', price: 1, interval: 'monthly', metadata: tooDeep }] }],
    ] as const) {
      const response = await t.http.post(path).set(t.auth).send(body).expect(400);
      expect(response.body.details).toEqual([{ path: expect.stringMatching(/metadata$/), message: 'deve ter no máximo 16 níveis de aninhamento' }]);
    }
    expect(t.store.count('plans') + t.store.count('customers') + t.store.count('products')).toBe(0);
    // 16 levels (the object itself and 15 nested lists) are still fine.
    let sixteen: unknown = 1;
    for (let level = 0; level < 15; level += 1) sixteen = [sixteen];
    await t.http.post('/v1/products/create').set(t.auth).send({ name: 'A', price: 1, metadata: { sixteen } }).expect(201);
  });

  it('refuses metadata with more than 50 keys and intervalCount 0', async () => {
    const t = await setup();
    const metadata = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    const keys = await t.http.post('/v1/customers').set(t.auth).send({ name: 'A', metadata }).expect(400);
    expect(keys.body.details).toContainEqual(expect.objectContaining({ path: 'metadata' }));
    const count = await t.http.post('/v1/plans').set(t.auth).send({ name: 'P', price: 1, interval: 'monthly', intervalCount: 0 }).expect(400);
    expect(count.body.details).toContainEqual(expect.objectContaining({ path: 'intervalCount' }));
    expect(t.store.count('customers') + t.store.count('plans')).toBe(0);
  });

  it('answers too many items with the limit, not "no items"', async () => {
    const t = await setup();
    const items = Array.from({ length: 101 }, (_, i) => item(`SKU-${i}`));
    const response = await t.http.post('/v1/orders').set(t.auth).send({ customer: { name: 'Ana' }, items }).expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.message).not.toBe('Pedido deve conter pelo menos um item');
    expect(response.body.details).toContainEqual(expect.objectContaining({ path: 'items' }));
    expect(t.store.count('orders') + t.store.count('customers') + t.store.count('products') + t.store.count('payments')).toBe(0);
  });

  it('refuses an order whose total cannot be computed exactly in centavos', async () => {
    const t = await setup();
    const items = [
      { name: 'Caro', price: 999_999_999.99, quantity: 99_999 },
      { name: 'Barato', price: 0.01, quantity: 1 },
    ];
    const response = await t.http.post('/v1/orders').set(t.auth).send({ customer: { name: 'Ana' }, items }).expect(400);
    expect(response.body.details).toEqual([expect.objectContaining({ path: 'items' })]);
    expect(t.store.count('orders') + t.store.count('products')).toBe(0);
  });

  it('revoke-oldest revokes the first token even when all were issued in the same millisecond', async () => {
    const t = await createTestApp({ tokens: { limitPolicy: 'revoke-oldest' } });
    const tokens = [];
    for (let i = 0; i < 6; i += 1) tokens.push(await tokenFor(t));
    const first = await t.http.get('/v1/products').set(bearer(tokens[0] as string)).expect(401);
    expect(first.body.error).toBe('TOKEN_REVOGADO');
    for (const token of tokens.slice(1)) await t.http.get('/v1/products').set(bearer(token)).expect(200);
  });

  it('answers a malformed percent-encoded path with 400, not 500', async () => {
    const t = await setup();
    const response = await t.http.get('/v1/products/%E0%A4%A').set(t.auth).expect(400);
    expect(response.body.error).toBe('invalid_request');
  });

  it('answers a wrong method on a literal path with 405 even when a template also matches', async () => {
    const t = await setup();
    for (const path of ['/v1/products/sync', '/api/customers/sync', '/v1/products/create']) {
      const response = await t.http.get(path).set(t.auth).expect(405);
      expect(response.body.error).toBe('method_not_allowed');
      expect(response.headers['allow']).toBe('POST');
    }
  });

  it('ignores a body sent with a GET instead of refusing it', async () => {
    const t = await setup();
    await t.http.get('/v1/products').set(t.auth).set('Content-Type', 'application/json').send('{broken').expect(200);
  });

  it('answers a bearer call of a client deactivated after its token was issued with 403 CLIENT_INATIVO', async () => {
    const t = await setup();
    t.deps.clients.setActive('mock-client', false);
    const response = await t.http.get('/v1/products').set(t.auth).expect(403);
    expect(response.body.error).toBe('CLIENT_INATIVO');
  });

  it('echoes any printable X-Request-Id, base64 included', async () => {
    const t = await setup();
    const id = 'aGVsbG8/d29ybGQ+Kw==';
    const response = await t.http.get('/v1/products').set('X-Request-Id', id).expect(401);
    expect(response.headers['x-request-id']).toBe(id);
    expect(response.body.requestId).toBe(id);
  });

  it('refuses a clock move past the representable dates and leaves the clock alone', async () => {
    const t = await setup();
    await t.http.post('/__admin/clock').send({ advanceSeconds: 1e300 }).expect(400);
    expect(t.clock.now().toISOString()).toBe('2026-03-02T10:00:00.000Z');
    await t.http.get('/v1/products').set(t.auth).expect(200);
  });

  it('ends a monthly period that starts on 31 January on the last day of February', async () => {
    const t = await setup();
    t.clock.set(new Date('2027-01-31T12:00:00.000Z'));
    const auth = bearer(await tokenFor(t));
    const response = await t.http
      .post('/v1/subscriptions')
      .set(auth)
      .send({ plan: { originPlanId: 'P', name: 'P', price: 1, interval: 'monthly' }, customer: { merchantCustomerId: 'C', name: 'Rui' } })
      .expect(201);
    expect(response.body.data.currentPeriodEnd).toBe('2027-02-28T12:00:00.000Z');
  });

  it("does not let batch sync or payment filters reach another client's records", async () => {
    const t = await createTestApp({
      clients: [
        { clientId: 'mock-client', clientSecret: 'mock-secret' },
        { clientId: 'other-shop', clientSecret: 'other-secret' },
      ],
    });
    const a = bearer(await tokenFor(t));
    const b = bearer(await tokenFor(t, { client_id: 'other-shop', client_secret: 'other-secret' }));
    const order = await t.http.post('/v1/orders').set(a).send({ customer: { name: 'Ana' }, items: [item('SKU')] }).expect(201);
    const batch = await t.http.post('/v1/products/sync/batch').set(b).send({ products: [{ name: 'B', price: 2, originProductId: 'SKU' }] }).expect(200);
    expect(batch.body.summary).toEqual({ created: 1, updated: 0 });
    const own = await t.http.get('/v1/products').set(a).expect(200);
    expect(own.body.data[0].name).toBe('Caneca');
    const payments = await t.http.get(`/v1/payments?orderId=${order.body.data.id}`).set(b).expect(200);
    expect(payments.body.data).toEqual([]);
  });
});
