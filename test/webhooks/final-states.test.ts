/**
 * A final order reads as one status everywhere an answer nests it (docs/assumptions.md): the status poll's
 * `data.status`, `data.order.status` and `data.payment.status`, the payments list, and the webhooks sent for it.
 * Public integrations read every `status` and refuse an answer where they disagree.
 */
import { describe, expect, it } from 'vitest';
import { bearer, tokenFor } from '../support/test-app.ts';
import { receiversClosedAfterEach, until } from '../support/webhook-receiver.ts';
import { appSendingTo } from '../support/webhook-support.ts';

const receiver = receiversClosedAfterEach();

describe('coherent final states', () => {
  it.each(['PAID', 'FAILED', 'CANCELLED'] as const)('an order moved to %s: the poll, the payments list and the webhooks all say so', async (status) => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url);
    const auth = bearer(await tokenFor(t));
    const placed = await t.http
      .post('/v1/orders')
      .set(auth)
      .send({ customer: { merchantCustomerId: 'C-1', name: 'Ana' }, items: [{ originProductId: 'P-1', name: 'Caju', price: 250, quantity: 2 }] })
      .expect(201);
    const orderId = placed.body.data.id as string;
    await t.http.post(`/__admin/orders/${orderId}/transition`).send({ status }).expect(200);

    const poll = (await t.http.get(`/v1/orders/${orderId}/status`).set(auth).expect(200)).body.data;
    expect([poll.status, poll.order.status, poll.payment.status]).toEqual([status, status, status]);
    const listed = (await t.http.get(`/v1/payments?orderId=${orderId}`).set(auth).expect(200)).body.data;
    expect(listed.map((payment: { status: string }) => payment.status)).toEqual([status]);
    const filtered = await t.http.get(`/v1/payments?status=${status}&orderId=${orderId}`).set(auth).expect(200);
    expect(filtered.body.pagination.total).toBe(1);

    await until(() => hooks.received.length === 2, 'two webhooks');
    expect(hooks.received.map((request) => [request.body.type, request.body.data.status])).toEqual([
      ['order.status_changed', status],
      ['payment.status_changed', status],
    ]);
  });
});
