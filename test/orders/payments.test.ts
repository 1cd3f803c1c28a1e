/** GET /v1/payments: filters by status and orderId, and pagination (docs/assumptions.md). */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

interface Payment {
  id: string;
  orderId?: string;
  status: string;
  [field: string]: unknown;
}

async function seeded(): Promise<TestApp & { auth: { Authorization: string }; payments: Payment[] }> {
  const t = await createTestApp({ seedData: 'default' });
  const payments = [...t.store.list<Payment & { clientId: string }>('payments', 'mock-client')];
  return { ...t, auth: bearer(await tokenFor(t)), payments };
}

const ids = (records: Array<{ id: string }>) => records.map((record) => record.id).sort();

describe('payments', () => {
  it.each(['PAID', 'FAILED', 'PENDING'])('?status=%s lists only and all payments in that status', async (status) => {
    const t = await seeded();
    const expected = t.payments.filter((payment) => payment.status === status);
    expect(expected.length).toBeGreaterThan(0);
    const response = await t.http.get(`/v1/payments?status=${status}&limit=100`).set(t.auth).expect(200);
    expect(ids(response.body.data)).toEqual(ids(expected));
    expect(response.body.pagination.total).toBe(expected.length);
  });

  it('answers ?status=REFUNDED with an empty page when no payment was refunded', async () => {
    const t = await seeded();
    expect(t.payments.some((payment) => payment.status === 'REFUNDED')).toBe(false);
    const response = await t.http.get('/api/v1/payments?status=REFUNDED').set(t.auth).expect(200);
    expect(response.body).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });
  });

  it('?orderId= lists only the payments of that order, and follows the order to PAID', async () => {
    const t = await createTestApp();
    const auth = bearer(await tokenFor(t));
    const body = { customer: { name: 'Ana' }, items: [{ name: 'Caju', price: 150, quantity: 2 }] };
    const first = (await t.http.post('/v1/orders').set(auth).send(body).expect(201)).body.data;
    const second = (await t.http.post('/v1/orders').set(auth).send(body).expect(201)).body.data;
    const pending = await t.http.get(`/v1/payments?orderId=${first.id}`).set(auth).expect(200);
    expect(pending.body.data).toEqual([expect.objectContaining({ orderId: first.id, status: 'PENDING', amount: 300, currency: 'MZN' })]);
    for (let i = 0; i < 3; i += 1) await t.http.get(`/v1/orders/${first.id}/status`).set(auth).expect(200);
    const paid = await t.http.get(`/v1/payments?orderId=${first.id}&status=PAID`).set(auth).expect(200);
    expect(paid.body.data).toEqual([expect.objectContaining({ orderId: first.id, status: 'PAID' })]);
    const other = await t.http.get(`/v1/payments?orderId=${second.id}&status=PAID`).set(auth).expect(200);
    expect(other.body.data).toEqual([]);
    const unknown = await t.http.get('/v1/payments?orderId=ord_missing').set(auth).expect(200);
    expect(unknown.body.pagination.total).toBe(0);
  });

  it.each(['paid', 'SHIPPED', 'cancelled'])('refuses ?status=%s with 400 invalid_request naming status', async (status) => {
    const t = await seeded();
    const before = t.store.count('payments');
    const response = await t.http.get(`/v1/payments?status=${status}`).set(t.auth).expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details).toContainEqual(expect.objectContaining({ path: 'status' }));
    expect(t.store.count('payments')).toBe(before);
  });

  it('pages through every payment exactly once, newest first', async () => {
    const t = await seeded();
    const total = t.payments.length;
    const seen: Array<{ id: string; createdAt: string }> = [];
    const totalPages = Math.ceil(total / 7);
    for (let page = 1; page <= totalPages; page += 1) {
      const response = await t.http.get(`/v1/payments?page=${page}&limit=7`).set(t.auth).expect(200);
      expect(response.body.pagination).toEqual({ page, limit: 7, total, totalPages });
      expect(response.body.data).toHaveLength(page < totalPages ? 7 : total - 7 * (totalPages - 1));
      seen.push(...response.body.data);
    }
    expect(ids(seen)).toEqual(ids(t.payments));
    const dates = seen.map((payment) => payment.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('paginates a filtered list by the filtered total', async () => {
    const t = await seeded();
    const paid = t.payments.filter((payment) => payment.status === 'PAID').length;
    const response = await t.http.get('/v1/payments?status=PAID&limit=5&page=2').set(t.auth).expect(200);
    expect(response.body.pagination).toEqual({ page: 2, limit: 5, total: paid, totalPages: Math.ceil(paid / 5) });
    expect(response.body.data.every((payment: Payment) => payment.status === 'PAID')).toBe(true);
  });
});

describe('the wallet of an order\'s payment', () => {
  it.each(['00258 86 123 4567', '+258 86 123 4567', '258861234567', '861234567'])('an order for %s is paid with e-Mola', async (phone) => {
    const t = await createTestApp();
    const auth = bearer(await tokenFor(t));
    const order = await t.http
      .post('/v1/orders')
      .set(auth)
      .send({ customer: { name: 'Ana Machava', phone }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] })
      .expect(201);
    const listed = await t.http.get(`/v1/payments?orderId=${order.body.data.id}`).set(auth).expect(200);
    expect(listed.body.data.map((payment: Payment) => payment.method)).toEqual(['emola']);
  });
});
