/** Status changes reach a real receiver as signed POSTs; failures retry with backoff on the mock clock. */
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifySignature } from '../../src/webhooks/webhooks.ts';
import { bearer, FROZEN_AT, tokenFor } from '../support/test-app.ts';
import { receiversClosedAfterEach, startReceiver, until } from '../support/webhook-receiver.ts';
import { appSendingTo, payAnOrder, SECRET } from '../support/webhook-support.ts';

const receiver = receiversClosedAfterEach();

const NOW_SECONDS = FROZEN_AT.getTime() / 1000;

// Signatures carry the real time of sending: the real clock (Date) is held where the frozen mock clock stands.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(FROZEN_AT);
});
afterEach(() => void vi.useRealTimers());

describe('webhook delivery', () => {
  it('an order paid over the API: order.status_changed and payment.status_changed PAID, signed with the client secret', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url);
    const orderId = await payAnOrder(t);
    await until(() => hooks.received.length === 2, 'two webhooks');

    const [order, payment] = hooks.received;
    expect(order?.body).toEqual({ id: expect.stringMatching(/^evt_/), type: 'order.status_changed', createdAt: FROZEN_AT.toISOString(), data: { orderId, status: 'PAID' } });
    expect(payment?.body).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'payment.status_changed',
      createdAt: FROZEN_AT.toISOString(),
      data: { paymentId: expect.stringMatching(/^pay_/), status: 'PAID', orderId },
    });
    for (const request of hooks.received) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-mock-event-id']).toBe(request.body.id);
      expect(request.headers['x-mock-event-type']).toBe(request.body.type);
      const header = request.headers['x-mock-signature'] as string;
      expect(verifySignature(request.rawBody, header, SECRET, 300, NOW_SECONDS)).toBe(true);
      // The same check with nothing but node:crypto, as a receiver would write it.
      const { t: timestamp, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('='))) as { t: string; v1: string };
      expect(Number(timestamp)).toBe(NOW_SECONDS);
      expect(v1).toBe(createHmac('sha256', SECRET).update(`${timestamp}.${request.rawBody}`).digest('hex'));
      expect(verifySignature(request.rawBody, header, 'another-secret', 300, NOW_SECONDS)).toBe(false);
    }
    await until(() => t.core.webhooks.deliveries({ status: 'delivered' }).length === 2, 'both delivered');
    const [latest] = t.core.webhooks.deliveries();
    expect(latest).toMatchObject({ clientId: 'mock-client', type: 'payment.status_changed', url: hooks.url, status: 'delivered', nextAttemptAt: null });
    expect(latest?.attempts).toEqual([{ at: FROZEN_AT.toISOString(), statusCode: 200, durationMs: expect.any(Number) }]);
  });

  it('nothing is sent for a client without an endpoint, nor for creations, tokens or catalogue records', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(undefined);
    await payAnOrder(t);
    expect(t.core.webhooks.deliveries()).toEqual([]);

    const withEndpoint = await appSendingTo(hooks.url);
    const token = await tokenFor(withEndpoint);
    await withEndpoint.http
      .post('/v1/orders')
      .set(bearer(token))
      .send({ customer: { merchantCustomerId: 'C-1', name: 'Ana' }, items: [{ originProductId: 'P-1', name: 'Caju', price: 250, quantity: 1 }] })
      .expect(201);
    expect(withEndpoint.events.map((event) => event.type)).toContain('order.created');
    expect(withEndpoint.core.webhooks.deliveries()).toEqual([]);
    expect(hooks.received).toEqual([]);
  });

  it('a receiver answering 500: pending, retried from tick after 10 s then 20 s of mock time, delivered once it answers 200', async () => {
    const hooks = await receiver();
    hooks.status = 500;
    const t = await appSendingTo(hooks.url);
    await payAnOrder(t);
    const first = () => t.core.webhooks.deliveries({ type: 'order.status_changed' })[0];
    await until(() => first()?.attempts.length === 1 && t.core.webhooks.deliveries().every((d) => d.attempts.length === 1), 'first attempts');
    expect(first()).toMatchObject({ status: 'pending', nextAttemptAt: '2026-03-02T10:00:10.000Z' });
    expect(first()?.attempts[0]).toMatchObject({ statusCode: 500 });

    t.clock.advance(9);
    await t.core.tick();
    await t.core.webhooks.idle();
    expect(first()?.attempts).toHaveLength(1);

    t.clock.advance(1);
    await t.core.tick();
    await t.core.webhooks.idle();
    expect(first()?.attempts.map((attempt) => [attempt.at, attempt.statusCode])).toEqual([
      ['2026-03-02T10:00:00.000Z', 500],
      ['2026-03-02T10:00:10.000Z', 500],
    ]);
    expect(first()).toMatchObject({ status: 'pending', nextAttemptAt: '2026-03-02T10:00:30.000Z' });

    hooks.status = 200;
    t.clock.advance(20);
    vi.setSystemTime(FROZEN_AT.getTime() + 30_000);
    await t.core.tick();
    await t.core.webhooks.idle();
    expect(first()).toMatchObject({ status: 'delivered', nextAttemptAt: null });
    expect(first()?.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 500, 200]);
    expect(t.core.webhooks.deliveries({ status: 'delivered' })).toHaveLength(2);
    // A retry is signed at its own (real) instant; the body is the same bytes.
    const retried = hooks.received.filter((request) => request.body.type === 'order.status_changed');
    expect(new Set(retried.map((request) => request.rawBody)).size).toBe(1);
    expect(verifySignature(retried[2]!.rawBody, retried[2]!.headers['x-mock-signature'] as string, SECRET, 0, NOW_SECONDS + 30)).toBe(true);
  });

  it('after 8 failed attempts (10 s … 640 s apart) a delivery fails for good and is not tried again', async () => {
    const hooks = await receiver();
    hooks.status = 503;
    const t = await appSendingTo(hooks.url);
    await payAnOrder(t);
    await until(() => t.core.webhooks.deliveries().every((delivery) => delivery.attempts.length === 1), 'first attempts');
    for (let round = 0; round < 10; round += 1) {
      t.clock.advance(3600);
      await t.core.tick();
      await t.core.webhooks.idle();
    }
    const [delivery] = t.core.webhooks.deliveries({ type: 'order.status_changed' });
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(delivery?.attempts).toHaveLength(8);
    expect(t.core.webhooks.deliveries({ status: 'failed' })).toHaveLength(2);
  });

  it('the backoff doubles: 10, 20, 40 … seconds after each failed attempt', async () => {
    // Port 2: nothing listens there, and no test's server (all on ephemeral ports) can take it meanwhile, as one
    // could take the port of a receiver just closed.
    const t = await appSendingTo('http://127.0.0.1:2/hooks');
    await payAnOrder(t);
    const gaps: number[] = [];
    const delivery = () => t.core.webhooks.deliveries({ type: 'order.status_changed' })[0]!;
    await until(() => delivery().attempts.length === 1, 'first attempt');
    expect(delivery().attempts[0]?.error).toBe('ECONNREFUSED');
    for (let attempt = 1; attempt < 8; attempt += 1) {
      const { nextAttemptAt, attempts } = delivery();
      gaps.push((Date.parse(nextAttemptAt!) - Date.parse(attempts.at(-1)!.at)) / 1000);
      t.clock.set(new Date(nextAttemptAt!));
      await t.core.tick();
      await t.core.webhooks.idle();
    }
    expect(gaps).toEqual([10, 20, 40, 80, 160, 320, 640]);
    expect(delivery().status).toBe('failed');
  });

  it('deliveries of one client go one at a time, in event order', async () => {
    const hooks = await receiver();
    hooks.delayMs = 50;
    const t = await appSendingTo(hooks.url);
    await payAnOrder(t);
    await until(() => hooks.received.length === 2, 'two webhooks');
    expect(hooks.received.map((request) => request.body.type)).toEqual(['order.status_changed', 'payment.status_changed']);
    expect(hooks.maxConcurrent).toBe(1);
  });
});
