import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { placeOrder, secondClient } from '../support/admin-helpers.ts';

/** The order and its payment as the client reads them (less the checkout link, which names each request's host). */
async function orderAndPayment(t: TestApp, token: string, orderId: string) {
  const read = (await t.http.get(`/v1/orders/${orderId}`).set(bearer(token)).expect(200)).body.data;
  const { checkout: _checkout, ...order } = read as { checkout: string; status: string; statusHistory: unknown[] };
  const payments = (await t.http.get('/v1/payments').query({ orderId }).set(bearer(token)).expect(200)).body.data as Array<{ status: string }>;
  return { order, payments };
}

describe('admin order transitions', () => {
  it.each([
    ['FAILED', 'order.failed', 'payment.failed', 'FAILED'],
    ['PAID', 'order.paid', 'payment.paid', 'PAID'],
    ['CANCELLED', 'order.cancelled', 'payment.cancelled', 'CANCELLED'],
  ])('POST /orders/{id}/transition {status: %s} moves the order and its payment, with their events', async (status, orderEvent, paymentEvent, paymentStatus) => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const order = await placeOrder(t, token);
    const response = await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status }).expect(200);
    expect(response.body).toEqual({ data: { id: order.id, clientId: 'mock-client', status, moved: true } });
    const seen = await orderAndPayment(t, token, order.id);
    expect(seen.order.status).toBe(status);
    expect(seen.order.statusHistory).toEqual([
      { status: 'PENDING', at: '2026-03-02T10:00:00.000Z' },
      { status, at: '2026-03-02T10:00:00.000Z' },
    ]);
    expect(seen.payments).toEqual([expect.objectContaining({ status: paymentStatus })]);
    expect(t.events).toEqual(expect.arrayContaining([
      expect.objectContaining({ type: orderEvent, orderId: order.id, clientId: 'mock-client', status }),
      expect.objectContaining({ type: paymentEvent, orderId: order.id }),
    ]));
  });

  it('CANCELLED moves the order and publishes order.cancelled', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const order = await placeOrder(t, token);
    await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status: 'CANCELLED' }).expect(200);
    expect((await orderAndPayment(t, token, order.id)).order.status).toBe('CANCELLED');
    expect(t.events.map((event) => event.type)).toContain('order.cancelled');
  });

  it('the order status poll sees the transition', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const order = await placeOrder(t, token);
    await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status: 'FAILED' }).expect(200);
    expect((await t.http.get(`/v1/orders/${order.id}/status`).set(bearer(token)).expect(200)).body.data.status).toBe('FAILED');
  });

  it('a final order does not move again: moved false, nothing changes, no new event', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const order = await placeOrder(t, token);
    await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status: 'FAILED' }).expect(200);
    await t.http.post('/__admin/clock/advance').send({ seconds: 60 }).expect(200);
    const before = await orderAndPayment(t, token, order.id);
    const events = t.events.length;
    for (const status of ['FAILED', 'PAID', 'CANCELLED']) {
      const again = await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status }).expect(200);
      expect(again.body).toEqual({ data: { id: order.id, clientId: 'mock-client', status: 'FAILED', moved: false } });
    }
    expect(await orderAndPayment(t, token, order.id)).toEqual(before);
    expect(t.events).toHaveLength(events);
  });

  it('moves any client’s order: the admin API is not scoped to a client', async () => {
    const t = await createTestApp();
    const other = await secondClient(t);
    const order = await placeOrder(t, other.token);
    const response = await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status: 'PAID' }).expect(200);
    expect(response.body.data).toMatchObject({ clientId: 'shop-2', status: 'PAID', moved: true });
    expect((await orderAndPayment(t, other.token, order.id)).order.status).toBe('PAID');
  });

  it('an unknown order → 404 not_found, no event', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/__admin/orders/ord_nope/transition').send({ status: 'PAID' }).expect(404);
    expect(response.body).toMatchObject({ error: 'not_found', message: 'Pedido desconhecido: ord_nope' });
    expect(t.events).toEqual([]);
  });

  it.each([
    [{ status: 'PENDING' }, 'status', 'deve ser um de: PAID, FAILED, CANCELLED'],
    [{ status: 'paid' }, 'status', 'deve ser um de: PAID, FAILED, CANCELLED'],
    [{}, 'status', 'campo obrigatório'],
    [{ status: 'PAID', reason: 'test' }, 'reason', 'campo não permitido'],
  ])('a bad body %j → 400 naming %s, the order unchanged', async (body, field, message) => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const order = await placeOrder(t, token);
    const before = await orderAndPayment(t, token, order.id);
    const events = t.events.length;
    const response = await t.http.post(`/__admin/orders/${order.id}/transition`).send(body).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: [{ path: field, message }] });
    expect(await orderAndPayment(t, token, order.id)).toEqual(before);
    expect(t.events).toHaveLength(events);
  });

  it('an order id longer than 100 characters → 400', async () => {
    const t = await createTestApp();
    const response = await t.http.post(`/__admin/orders/${'o'.repeat(101)}/transition`).send({ status: 'PAID' }).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: [{ path: 'order_id' }] });
  });
});
