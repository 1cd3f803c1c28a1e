/** 400 details name the fields to fix, in the form the client meant, and nothing is written. */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';

describe('validation details of a missing body', () => {
  it('name the body itself when a request that needs one sends none', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/v1/auth/token').expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details).toEqual([{ path: 'body', message: 'corpo do pedido obrigatório' }]);
    expect(t.store.count('tokens')).toBe(0);
  });
});

describe('validation details of an order item', () => {
  it('judge an item carrying originProductId as new product data, however few fields it has', async () => {
    const t = await createTestApp();
    const response = await t.http
      .post('/v1/orders')
      .set(bearer(await tokenFor(t)))
      .send({ customer: { merchantCustomerId: 'CUST-9', name: 'Rui' }, items: [{ originProductId: 'SKU-1001', quantity: 1 }] })
      .expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details).toEqual([
      { path: 'items[0].name', message: 'campo obrigatório' },
      { path: 'items[0].price', message: 'campo obrigatório' },
    ]);
    for (const collection of ['orders', 'customers', 'products', 'payments'] as const) expect(t.store.count(collection)).toBe(0);
  });

  it('judge an item carrying productId as a reference to an existing product', async () => {
    const t = await createTestApp();
    const response = await t.http
      .post('/v1/orders')
      .set(bearer(await tokenFor(t)))
      .send({ customer: { name: 'Rui' }, items: [{ productId: 'prod_1', quantity: 1, price: 10 }] })
      .expect(400);
    expect(response.body.details).toEqual([{ path: 'items[0].price', message: 'campo não permitido' }]);
    for (const collection of ['orders', 'customers', 'products', 'payments'] as const) expect(t.store.count(collection)).toBe(0);
  });
});
