import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';

async function withProducts(count: number) {
  const t = await createTestApp();
  const auth = bearer(await tokenFor(t));
  const records = Array.from({ length: count }, (_, i) => ({ name: `P${i}`, price: i, originProductId: `SKU-${i}` }));
  // One batch, so every record shares createdAt: the order falls back to creation order.
  await t.http.post('/v1/products/sync/batch').set(auth).send({ products: records }).expect(200);
  return { t, auth };
}

describe('pagination', () => {
  it('defaults to page 1 of 20, newest first, ties broken by creation order (the later created first)', async () => {
    const { t, auth } = await withProducts(45);
    const response = await t.http.get('/v1/products').set(auth).expect(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 20, total: 45, totalPages: 3 });
    const names = response.body.data.map((product: { name: string }) => product.name);
    expect(names).toEqual(Array.from({ length: 20 }, (_, i) => `P${44 - i}`));
  });

  it('on a frozen clock, records created one by one list newest first, an update keeping the place', async () => {
    const t = await createTestApp();
    const auth = bearer(await tokenFor(t));
    for (const name of ['A', 'B', 'C']) await t.http.post('/v1/customers/sync').set(auth).send({ merchantCustomerId: name, name }).expect(201);
    await t.http.post('/v1/customers/sync').set(auth).send({ merchantCustomerId: 'A', name: 'A2' }).expect(200);
    const listed = await t.http.get('/v1/customers').set(auth).expect(200);
    expect(listed.body.data.map((customer: { name: string }) => customer.name)).toEqual(['C', 'B', 'A2']);
  });

  it('serves a short last page and an empty page past the end', async () => {
    const { t, auth } = await withProducts(45);
    const last = await t.http.get('/v1/products?page=3&limit=20').set(auth).expect(200);
    expect(last.body.data).toHaveLength(5);
    const past = await t.http.get('/v1/products?page=4').set(auth).expect(200);
    expect(past.body).toEqual({ data: [], pagination: { page: 4, limit: 20, total: 45, totalPages: 3 } });
  });

  it('accepts limit 1 and 100', async () => {
    const { t, auth } = await withProducts(120);
    const one = await t.http.get('/v1/products?limit=1').set(auth).expect(200);
    expect(one.body.data).toHaveLength(1);
    expect(one.body.pagination.totalPages).toBe(120);
    const hundred = await t.http.get('/v1/products?limit=100&page=2').set(auth).expect(200);
    expect(hundred.body.data).toHaveLength(20);
  });

  it('orders by createdAt descending', async () => {
    const t = await createTestApp();
    const auth = bearer(await tokenFor(t));
    for (const name of ['old', 'middle', 'new']) {
      await t.http.post('/v1/customers').set(auth).send({ name }).expect(201);
      t.clock.advance(1);
    }
    const response = await t.http.get('/v1/customers').set(auth).expect(200);
    expect(response.body.data.map((customer: { name: string }) => customer.name)).toEqual(['new', 'middle', 'old']);
  });

  it.each(['page=0', 'page=-1', 'limit=0', 'limit=101', 'limit=x'])('refuses %s with 400', async (query) => {
    const { t, auth } = await withProducts(1);
    const response = await t.http.get(`/v1/products?${query}`).set(auth).expect(400);
    expect(response.body.error).toBe('invalid_request');
  });
});
