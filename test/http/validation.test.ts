/**
 * 400s of docs/assumptions.md: required fields and money with at most 2 decimals, never negative. Each
 * refusal names the offending field and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { CollectionName } from '../../src/store/store-types.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

async function setup(): Promise<TestApp & { auth: { Authorization: string } }> {
  const t = await createTestApp();
  return { ...t, auth: bearer(await tokenFor(t)) };
}

const WRITTEN: CollectionName[] = ['products', 'customers', 'plans', 'subscriptions', 'orders', 'payments'];
const stored = (t: TestApp) => WRITTEN.map((name) => t.store.count(name));
const NOTHING = WRITTEN.map(() => 0);

const CUSTOMER = { merchantCustomerId: 'CUST-1', name: 'Ana Muianga' };
const ITEM = { originProductId: 'SKU-1', name: 'Caju torrado', quantity: 2, price: 150 };
const ADDRESS = { street: 'Av. Julius Nyerere', city: 'Maputo' };
const PLAN = { name: 'Mensal', price: 499, interval: 'monthly' };

/** [behaviour, path of the call, body, path named in details] */
const REFUSALS: Array<[string, string, Record<string, unknown>, string]> = [
  ['a product without price', '/v1/products/create', { name: 'Capulana' }, 'price'],
  ['a product sync without price', '/v1/products/sync', { name: 'Capulana', originProductId: 'SKU-1' }, 'price'],
  ['a product sync with a 3-decimal price', '/v1/products/sync', { name: 'Capulana', price: 9.999, originProductId: 'SKU-1' }, 'price'],
  ['a plan without name', '/v1/plans', { price: 499, interval: 'monthly' }, 'name'],
  ['a plan without price', '/v1/plans', { name: 'Mensal', interval: 'monthly' }, 'price'],
  ['a plan sync without price', '/v1/plans/sync', { name: 'Mensal', interval: 'monthly', originPlanId: 'P-1' }, 'price'],
  ['a plan with a 3-decimal price', '/v1/plans', { ...PLAN, price: 4.995 }, 'price'],
  ['a plan with a negative price', '/v1/plans', { ...PLAN, price: -1 }, 'price'],
  ['an order item with a negative price', '/v1/orders', { customer: CUSTOMER, items: [{ ...ITEM, price: -0.01 }] }, 'items[0].price'],
  [
    'a shippingCost with more than 2 decimals',
    '/v1/orders',
    { customer: CUSTOMER, items: [ITEM], shippingCost: 10.505, shippingAddress: ADDRESS },
    'shippingCost',
  ],
  ['a negative shippingCost', '/v1/orders', { customer: CUSTOMER, items: [ITEM], shippingCost: -5 }, 'shippingCost'],
  [
    'subscription plan data with a negative price',
    '/v1/subscriptions',
    { plan: { ...PLAN, originPlanId: 'P-1', price: -1 }, customer: CUSTOMER },
    'plan.price',
  ],
];

describe('validation refusals', () => {
  it.each(REFUSALS)('refuses %s with 400 invalid_request, writing nothing', async (_behaviour, path, body, field) => {
    const t = await setup();
    const response = await t.http.post(path).set(t.auth).send(body).expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details).toContainEqual(expect.objectContaining({ path: field }));
    expect(stored(t)).toEqual(NOTHING);
  });

  it('reports the errors of the order item form each item came closest to', async () => {
    const t = await setup();
    const response = await t.http
      .post('/v1/orders')
      .set(t.auth)
      .send({ customer: CUSTOMER, items: [{ productId: 'prod_1' }, { name: 'Caju', price: 1.234, quantity: 1 }] })
      .expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details).toEqual([
      { path: 'items[0].quantity', message: 'campo obrigatório' },
      { path: 'items[1].price', message: 'deve ter no máximo 2 casas decimais' },
    ]);
    expect(stored(t)).toEqual(NOTHING);
  });

  it('judges an item carrying originProductId as new product data, however few fields it has', async () => {
    const t = await setup();
    const response = await t.http
      .post('/v1/orders')
      .set(t.auth)
      .send({ customer: CUSTOMER, items: [{ originProductId: 'SKU-1001', quantity: 1 }] })
      .expect(400);
    expect(response.body.details).toEqual([
      { path: 'items[0].name', message: 'campo obrigatório' },
      { path: 'items[0].price', message: 'campo obrigatório' },
    ]);
    expect(stored(t)).toEqual(NOTHING);
  });

  it('judges an item carrying productId as a reference to an existing product', async () => {
    const t = await setup();
    const response = await t.http
      .post('/v1/orders')
      .set(t.auth)
      .send({ customer: CUSTOMER, items: [{ productId: 'prod_1', quantity: 1, price: 10 }] })
      .expect(400);
    expect(response.body.details).toEqual([{ path: 'items[0].price', message: 'campo não permitido' }]);
    expect(stored(t)).toEqual(NOTHING);
  });

  it('names the body itself when a request that needs one sends none', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/v1/auth/token/refresh').expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details).toEqual([{ path: 'body', message: 'corpo do pedido obrigatório' }]);
    expect(t.store.count('tokens')).toBe(0);
  });

  it('a token request with credentials in neither the body nor HTTP Basic names each missing field', async () => {
    const t = await createTestApp();
    const message = 'campo obrigatório (no corpo ou em Authorization: Basic)';
    const none = await t.http.post('/v1/auth/token').expect(400);
    expect(none.body.details).toEqual([{ path: 'client_id', message }, { path: 'client_secret', message }]);
    const half = await t.http.post('/v1/auth/token').type('form').send({ grant_type: 'client_credentials', client_id: 'mock-client' }).expect(400);
    expect(half.body.details).toEqual([{ path: 'client_secret', message }]);
    expect(t.store.count('tokens')).toBe(0);
  });

  it('leaves an existing record untouched when a sync that would change it is refused', async () => {
    const t = await setup();
    const created = await t.http.post('/v1/plans/sync').set(t.auth).send({ ...PLAN, originPlanId: 'P-1' }).expect(201);
    const response = await t.http.post('/v1/plans/sync').set(t.auth).send({ ...PLAN, price: 1.001, originPlanId: 'P-1' }).expect(400);
    expect(response.body.details).toContainEqual(expect.objectContaining({ path: 'price' }));
    const got = await t.http.get(`/v1/plans/${created.body.data.id}`).set(t.auth).expect(200);
    expect(got.body.data).toEqual(created.body.data);
    expect(t.store.count('plans')).toBe(1);
  });
});

describe('image URLs', () => {
  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://example.co.mz/a.png'])(
    'refuses imageUrl %s with 400 naming the field, writing nothing',
    async (imageUrl) => {
      const t = await createTestApp();
      const response = await t.http.post('/v1/products/create').set(bearer(await tokenFor(t))).send({ name: 'Capulana', price: 350, imageUrl }).expect(400);
      expect(response.body.details).toEqual([{ path: 'imageUrl', message: 'formato inválido' }]);
      expect(t.store.count('products')).toBe(0);
    },
  );

  it('takes an https image URL', async () => {
    const t = await createTestApp();
    const response = await t.http
      .post('/v1/products/create')
      .set(bearer(await tokenFor(t)))
      .send({ name: 'Capulana', price: 350, imageUrl: 'HTTPS://cdn.loja.co.mz/capulana.jpg' })
      .expect(201);
    expect(response.body.data.imageUrl).toBe('HTTPS://cdn.loja.co.mz/capulana.jpg');
  });
});
