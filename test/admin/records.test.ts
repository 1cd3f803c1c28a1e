import { describe, expect, it } from 'vitest';
import { bearer, CLIENT, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { placeOrder, secondClient } from '../support/admin-helpers.ts';

const SUBSCRIPTION_BODY = {
  plan: { originPlanId: 'PLANO-M', name: 'Mensal', price: 499, interval: 'monthly' },
  customer: { merchantCustomerId: 'CLI-1', name: 'Ana Machava', phone: '+258841234567' },
};

async function subscribe(t: TestApp, token: string): Promise<{ id: string }> {
  return (await t.http.post('/v1/subscriptions').set(bearer(token)).send(SUBSCRIPTION_BODY).expect(201)).body.data as { id: string };
}

/** Everything the store holds, as the admin API exports it: to show that a refused call wrote nothing. */
async function storedRecords(t: TestApp): Promise<unknown> {
  return (await t.http.get('/__admin/state').expect(200)).body.store.collections;
}

describe('admin records of a client', () => {
  it('GET /clients/{id}/orders lists the client’s orders newest first, as the API shows them, without the checkout link', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const first = await placeOrder(t, token);
    const second = await placeOrder(t, token);
    const response = await t.http.get('/__admin/clients/mock-client/orders').expect(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1 });
    expect(response.body.data.map((order: { id: string }) => order.id)).toEqual([second.id, first.id]);
    const { checkout: _checkout, ...apiOrder } = (await t.http.get(`/v1/orders/${first.id}`).set(bearer(token)).expect(200)).body.data;
    expect(response.body.data[1]).toEqual(apiOrder);
  });

  it('orders filter by status and page like the API’s list; past the last page the list is empty', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const orders = [await placeOrder(t, token), await placeOrder(t, token), await placeOrder(t, token)];
    await t.http.post(`/__admin/orders/${orders[0]?.id}/transition`).send({ status: 'PAID' }).expect(200);
    const paid = await t.http.get('/__admin/clients/mock-client/orders').query({ status: 'PAID' }).expect(200);
    expect(paid.body.data).toEqual([expect.objectContaining({ id: orders[0]?.id, status: 'PAID' })]);
    const page2 = await t.http.get('/__admin/clients/mock-client/orders').query({ page: 2, limit: 2 }).expect(200);
    expect(page2.body).toEqual({ data: [expect.objectContaining({ id: orders[0]?.id })], pagination: { page: 2, limit: 2, total: 3, totalPages: 2 } });
    const past = await t.http.get('/__admin/clients/mock-client/orders').query({ page: 3, limit: 2 }).expect(200);
    expect(past.body.data).toEqual([]);
  });

  it('GET /clients/{id}/subscriptions and /payments list the subscription and the payments of its period and of orders', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const order = await placeOrder(t, token);
    const subscription = await subscribe(t, token);
    const subscriptions = await t.http.get('/__admin/clients/mock-client/subscriptions').expect(200);
    expect(subscriptions.body.data).toEqual([expect.objectContaining({ id: subscription.id, status: 'PENDING', attempts: 0, maxAttempts: 3 })]);
    const payments = await t.http.get('/__admin/clients/mock-client/payments').expect(200);
    expect(payments.body.data).toEqual([
      expect.objectContaining({ subscriptionId: subscription.id, status: 'PENDING', amount: 499 }),
      expect.objectContaining({ orderId: order.id, status: 'PENDING', amount: 700 }),
    ]);
    const apiPayments = (await t.http.get('/v1/payments').set(bearer(token)).expect(200)).body.data;
    expect(payments.body.data).toEqual(apiPayments);
    const pending = await t.http.get('/__admin/clients/mock-client/subscriptions').query({ status: 'ACTIVE' }).expect(200);
    expect(pending.body.data).toEqual([]);
  });

  it('lists only that client’s records', async () => {
    const t = await createTestApp();
    const other = await secondClient(t);
    const theirs = await placeOrder(t, other.token);
    await placeOrder(t, await tokenFor(t));
    const listed = await t.http.get('/__admin/clients/shop-2/orders').expect(200);
    expect(listed.body.data.map((order: { id: string }) => order.id)).toEqual([theirs.id]);
    expect((await t.http.get('/__admin/clients/shop-2/payments').expect(200)).body.pagination.total).toBe(1);
  });

  it.each(['orders', 'subscriptions', 'payments', 'credentials'])('GET /clients/{unknown}/%s → 404 not_found naming the client, nothing written', async (what) => {
    const t = await createTestApp();
    await placeOrder(t, await tokenFor(t));
    const before = await storedRecords(t);
    const response = await t.http.get(`/__admin/clients/nobody/${what}`).expect(404);
    expect(response.body).toMatchObject({ error: 'not_found', message: 'Cliente desconhecido: nobody' });
    expect(await storedRecords(t)).toEqual(before);
  });

  it.each([
    ['orders', { status: 'paid' }, 'status'],
    ['subscriptions', { status: 'PAID' }, 'status'],
    ['payments', { limit: 0 }, 'limit'],
    ['orders', { limit: 101 }, 'limit'],
    ['orders', { page: 0 }, 'page'],
  ])('GET /clients/{id}/%s with %j → 400 naming %s', async (what, query, field) => {
    const t = await createTestApp();
    const response = await t.http.get(`/__admin/clients/mock-client/${what}`).query(query).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: [expect.objectContaining({ path: field })] });
  });

  it('GET /clients/{id}/credentials gives the id and secret, which the API exchanges for a token', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/__admin/clients/mock-client/credentials').expect(200);
    expect(response.body).toEqual({ data: { clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret } });
    const { clientId, clientSecret } = response.body.data as { clientId: string; clientSecret: string };
    await t.http.post('/v1/auth/token').send({ client_id: clientId, client_secret: clientSecret }).expect(200);
  });

  it('GET /clients/{id}/credentials of a client created while the mock runs gives its secret', async () => {
    const t = await createTestApp();
    await secondClient(t, 'shop-3');
    const response = await t.http.get('/__admin/clients/shop-3/credentials').expect(200);
    expect(response.body.data).toEqual({ clientId: 'shop-3', clientSecret: 'shop-3-secret' });
  });

  it('on a non-loopback host the records and credentials need the admin token', async () => {
    const t = await createTestApp({ host: '0.0.0.0', adminToken: 'admin-secret-123' });
    for (const what of ['orders', 'credentials']) {
      const refused = await t.http.get(`/__admin/clients/mock-client/${what}`).expect(401);
      expect(refused.body.error).toBe('invalid_token');
      await t.http.get(`/__admin/clients/mock-client/${what}`).set(bearer('admin-secret-123')).expect(200);
    }
  });
});
