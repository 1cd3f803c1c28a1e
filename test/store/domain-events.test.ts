/** State changes report domain events, delivered to listeners only once the change is durable. */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/domain/events.ts';
import { openStore } from '../../src/store/index.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

const types = (events: readonly DomainEvent[]) => events.map((event) => event.type);
const dirs: string[] = [];

afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function placeOrder(t: TestApp, token: string) {
  const response = await t.http
    .post('/v1/orders')
    .set(bearer(token))
    .send({ customer: { merchantCustomerId: 'C-1', name: 'Ana', phone: '+258 86 123 4567' }, items: [{ originProductId: 'P-1', name: 'Caju', price: 250, quantity: 2 }] })
    .expect(201);
  return response.body.data as { id: string };
}

describe('domain events', () => {
  it('an order placed from new data: customer, product, order and payment created, in that order', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    t.events.length = 0;
    const order = await placeOrder(t, token);
    expect(types(t.events)).toEqual(['customer.created', 'product.created', 'order.created', 'payment.created']);
    expect(t.events[2]).toMatchObject({ clientId: 'mock-client', orderId: order.id, status: 'PENDING', at: '2026-03-02T10:00:00.000Z' });
    expect(t.events[3]).toMatchObject({ orderId: order.id, status: 'PENDING' });
  });

  it('are delivered after the journal holds the change', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-events-'));
    dirs.push(dir);
    const file = join(dir, 'db.json');
    const journalled: boolean[] = [];
    const t = await createTestApp({}, { store: await openStore({ file }) });
    t.core.events.subscribe((event) => {
      if (event.type === 'order.created') journalled.push(readFileSync(`${file}.journal`, 'utf8').includes(event.orderId));
    });
    await placeOrder(t, await tokenFor(t));
    expect(journalled).toEqual([true]);
    await t.store.close();
  });

  it('the third status poll pays the order: order.paid and payment.paid, once', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const order = await placeOrder(t, token);
    t.events.length = 0;
    for (let poll = 1; poll <= 2; poll += 1) await t.http.get(`/v1/orders/${order.id}/status`).set(bearer(token)).expect(200);
    expect(t.events).toEqual([]);
    await t.http.get(`/v1/orders/${order.id}/status`).set(bearer(token)).expect(200);
    await t.http.get(`/v1/orders/${order.id}/status`).set(bearer(token)).expect(200);
    expect(types(t.events)).toEqual(['order.paid', 'payment.paid']);
    expect(t.events[1]).toMatchObject({ orderId: order.id, status: 'PAID' });
  });

  it('tokens: issued (refresh and access), revoked, and the oldest revoked under revoke-oldest', async () => {
    const t = await createTestApp({ tokens: { maxActivePerClient: 1, limitPolicy: 'revoke-oldest' } });
    const first = await tokenFor(t);
    expect(types(t.events)).toEqual(['token.issued', 'token.issued']);
    expect(t.events.map((event) => (event.type.startsWith('token.') ? (event as { kind: string }).kind : ''))).toEqual(['refresh', 'access']);
    t.events.length = 0;
    const second = await tokenFor(t);
    expect(types(t.events)).toEqual(['token.revoked', 'token.issued', 'token.issued']);
    t.events.length = 0;
    await t.http.post('/v1/auth/token/revoke').set(bearer(second)).send({ token: second }).expect(200);
    expect(types(t.events)).toEqual(['token.revoked']);
    t.events.length = 0;
    await t.http.post('/v1/auth/token/revoke').set(bearer(first)).send({ token: first }).expect(401);
    expect(t.events).toEqual([]);
  });

  it('a subscription from new data: plan, customer, subscription and its first payment', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    t.events.length = 0;
    await t.http
      .post('/v1/subscriptions')
      .set(bearer(token))
      .send({ plan: { originPlanId: 'PL-1', name: 'Cabaz', price: 100, interval: 'monthly' }, customer: { merchantCustomerId: 'C-9', name: 'Rosa' } })
      .expect(201);
    expect(types(t.events)).toEqual(['plan.created', 'customer.created', 'subscription.created', 'payment.created']);
  });

  it('a sync that updates says so; a refused request publishes nothing', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.post('/v1/products/sync').set(bearer(token)).send({ originProductId: 'P-1', name: 'Caju', price: 1 }).expect(201);
    t.events.length = 0;
    await t.http.post('/v1/products/sync').set(bearer(token)).send({ originProductId: 'P-1', name: 'Caju', price: 2 }).expect(200);
    await t.http.post('/v1/products/sync').set(bearer(token)).send({ originProductId: 'P-1', name: 'Caju', price: -2 }).expect(400);
    expect(types(t.events)).toEqual(['product.updated']);
  });

  it('a listener that throws disturbs neither the answer nor the other listeners', async () => {
    const t = await createTestApp();
    const after: DomainEvent[] = [];
    t.core.events.subscribe(() => {
      throw new Error('listener bug');
    });
    t.core.events.subscribe((event) => after.push(event));
    await tokenFor(t);
    expect(types(after)).toEqual(['token.issued', 'token.issued']);
  });
});
