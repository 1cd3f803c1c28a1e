/**
 * What moves a pending order is data (a progression), read by the order flow: polls, mock-clock time or only
 * an explicit action. Poll counts are kept beside the order, never on it.
 */
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../src/domain/records.ts';
import type { OrderProgression } from '../../src/orders/progression.ts';
import { bearer, createTestApp, tokenFor, withScenario, type TestApp } from '../support/test-app.ts';

async function orderWith(progression: OrderProgression) {
  const t = await createTestApp({ scenario: 'custom' }, { scenarios: withScenario({ name: 'custom', orders: { progression: [...progression.steps] } }) });
  const token = await tokenFor(t);
  const created = await t.http
    .post('/v1/orders')
    .set(bearer(token))
    .send({ customer: { name: 'Ana', phone: '+258 84 000 0000' }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] })
    .expect(201);
  const id = (created.body.data as { id: string }).id;
  const poll = async () => (await t.http.get(`/v1/orders/${id}/status`).set(bearer(token)).expect(200)).body.data.status as string;
  const payment = async () => (await t.http.get(`/v1/payments?orderId=${id}`).set(bearer(token)).expect(200)).body.data[0].status as string;
  return { t, id, poll, payment };
}

describe('order progression', () => {
  it('default: PAID on the 3rd status poll, the count stored beside the order', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const created = await t.http.post('/v1/orders').set(bearer(token)).send({ customer: { name: 'A' }, items: [{ name: 'X', price: 1, quantity: 1 }] });
    const id = (created.body.data as { id: string }).id;
    const statuses: string[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await t.http.get(`/v1/orders/${id}/status`).set(bearer(token))).body.data.status);
    expect(statuses).toEqual(['PENDING', 'PENDING', 'PAID']);
    expect(t.store.get('orderPolls', id)).toEqual({ id, clientId: 'mock-client', polls: 3 });
    expect(Object.keys(t.store.get('orders', id) ?? {}).filter((key) => /poll/i.test(key))).toEqual([]);
  });

  it('FAILED after 2 polls: the payment fails with it', async () => {
    const { poll, payment } = await orderWith({ steps: [{ status: 'FAILED', after: { polls: 2 } }] });
    expect([await poll(), await poll(), await poll()]).toEqual(['PENDING', 'FAILED', 'FAILED']);
    expect(await payment()).toBe('FAILED');
  });

  it('PAID 10 minutes of mock time after the order was placed, whatever the polls', async () => {
    const { t, poll, payment } = await orderWith({ steps: [{ status: 'PAID', after: { seconds: 600 } }] });
    expect([await poll(), await poll(), await poll(), await poll()]).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING']);
    t.clock.advance(599);
    expect(await poll()).toBe('PENDING');
    t.clock.advance(1);
    expect(await poll()).toBe('PAID');
    expect(await payment()).toBe('PAID');
  });

  it('only by an action: polls never move it; cancelling does, once', async () => {
    const { t, id, poll, payment } = await orderWith({ steps: [{ status: 'CANCELLED', after: 'action' }] });
    for (let i = 0; i < 5; i += 1) expect(await poll()).toBe('PENDING');
    const cancelled = cancel(t, id);
    expect(cancelled.ok && cancelled.value.status).toBe('CANCELLED');
    expect(cancelled.ok && cancelled.events.map((event) => event.type)).toEqual(['order.cancelled', 'payment.cancelled']);
    const again = cancel(t, id);
    expect(again.ok && again.events).toEqual([]);
    expect(await poll()).toBe('CANCELLED');
    expect(await payment()).toBe('CANCELLED');
  });

  it('settling an order of another client is as unknown as a missing one', async () => {
    const { t, id } = await orderWith({ steps: [] });
    const outcome = t.core.flows.orders.settle(t.core.worlds.of('someone-else'), id, 'PAID');
    expect(outcome).toMatchObject({ ok: false, reason: 'not_found' });
    expect(t.store.get<OrderRecord>('orders', id)?.status).toBe('PENDING');
  });
});

function cancel(t: TestApp, id: string) {
  return t.core.flows.orders.settle(t.core.worlds.of('mock-client'), id, 'CANCELLED');
}
