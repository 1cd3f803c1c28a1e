/**
 * Moving the clock never waits on a webhook receiver, and a long catch-up lets requests in between its slices;
 * a jump that would bill more than `maxCatchUpPeriods` periods of a subscription is refused with nothing changed.
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/domain/events.ts';
import { bearer, createTestApp, FROZEN_AT, tokenFor, type TestApp } from '../support/test-app.ts';

const SECRET = 'whsec_test_0123456789';
const WEEK = 7 * 86_400;
const closers: Array<() => void> = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** A receiver that accepts every connection and never answers; counts the connections open at once. */
async function silentReceiver() {
  const sockets = new Set<Socket>();
  let maxOpen = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    maxOpen = Math.max(maxOpen, sockets.size);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    sockets.forEach((socket) => socket.destroy());
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, maxOpen: () => maxOpen, accepted: () => sockets.size };
}

async function weeklySubscribers(count: number, options: Parameters<typeof createTestApp>[1] = {}): Promise<TestApp & { auth: { Authorization: string } }> {
  const t = await createTestApp({ tokens: { limitPolicy: 'revoke-oldest', ttlSeconds: 31_536_000 } }, options);
  const auth = bearer(await tokenFor(t));
  for (let index = 0; index < count; index += 1) {
    await t.http
      .post('/v1/subscriptions')
      .set(auth)
      .send({
        plan: { originPlanId: 'PLAN-W', name: 'Semanal', price: 100, interval: 'weekly' },
        customer: { merchantCustomerId: `CUST-${index}`, name: `Cliente ${index}`, phone: '+258841234567' },
      })
      .expect(201);
  }
  await t.core.tick();
  return { ...t, auth };
}

describe('the clock never blocks a request', () => {
  it('a clock advance answers while due webhook attempts hang on a silent receiver, a few clients at a time', async () => {
    const silent = await silentReceiver();
    const clients = Array.from({ length: 6 }, (_, index) => ({
      clientId: `shop-${index}`,
      clientSecret: 'shop-secret',
      webhook: { url: silent.url, secret: SECRET },
    }));
    const t = await createTestApp({ clients });
    // 60 status changes (10 per client) become due deliveries.
    const events: DomainEvent[] = clients.flatMap(({ clientId }) =>
      Array.from({ length: 10 }, (_, index): DomainEvent => ({ type: 'order.paid', clientId, at: FROZEN_AT.toISOString(), orderId: `ord_${index}`, status: 'PAID' })),
    );
    t.core.events.stage(events);
    await t.store.commit();
    expect(t.core.webhooks.deliveries({ status: 'pending' })).toHaveLength(60);

    const moved = await t.http.post('/__admin/clock/advance').send({ seconds: 15 }).expect(200);
    expect(moved.body.data.now).toBe('2026-03-02T10:00:15.000Z');
    // Answered with attempts still hanging: none has finished, and at most 4 receivers are held at once.
    expect(t.core.webhooks.deliveries().every((delivery) => delivery.attempts.length === 0)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(silent.maxOpen()).toBeGreaterThan(0);
    expect(silent.maxOpen()).toBeLessThanOrEqual(4);
    expect((await t.http.get('/__admin/clock').expect(200)).body.data.now).toBe('2026-03-02T10:00:15.000Z');
  });

  it('a ten-year jump over 50 weekly subscriptions is refused with 400 naming maxCatchUpPeriods and the field sent; nothing is billed', async () => {
    const t = await weeklySubscribers(50);
    const before = t.store.count('payments');
    const refused = await t.http.post('/__admin/clock/advance').send({ seconds: 10 * 365 * 86_400 }).expect(400);
    expect(refused.body.error).toBe('invalid_request');
    expect(refused.body.details[0].path).toBe('seconds');
    expect(refused.body.details[0].message).toContain('maxCatchUpPeriods');
    expect(refused.body.details[0].message).toContain('120');
    expect(t.store.count('payments')).toBe(before);
    expect(t.clock.now()).toEqual(FROZEN_AT);
    const bySet = await t.http.post('/__admin/clock/set').send({ at: '2036-03-02T10:00:00.000Z' }).expect(400);
    expect(bySet.body.details[0].path).toBe('at');
  });

  it('an imported state whose clock is ten years past its weekly subscriptions is refused the same way; nothing applied', async () => {
    const t = await weeklySubscribers(1);
    const state = (await t.http.get('/__admin/state').expect(200)).body;
    const before = t.store.count('payments');
    const later = { ...state, clock: { ...state.clock, now: '2036-03-02T10:00:00.000Z' } };
    const refused = await t.http.put('/__admin/state').send(later).expect(400);
    expect(refused.body.error).toBe('invalid_request');
    expect(refused.body.details[0].path).toBe('clock.now');
    expect(refused.body.details[0].message).toContain('maxCatchUpPeriods');
    expect(refused.body.message).toMatch(/^Estado recusado: clock\.now: /);
    expect(t.store.count('payments')).toBe(before);
    expect(t.clock.now()).toEqual(FROZEN_AT);
  });

  it('a raised bound lets the same jump through', async () => {
    const t = await createTestApp({ maxCatchUpPeriods: 1000 });
    const auth = bearer(await tokenFor(t));
    await t.http
      .post('/v1/subscriptions')
      .set(auth)
      .send({ plan: { originPlanId: 'W', name: 'Semanal', price: 100, interval: 'weekly' }, customer: { merchantCustomerId: 'C', name: 'Ana' } })
      .expect(201);
    await t.http.post('/__admin/clock/advance').send({ seconds: 10 * 365 * 86_400 }).expect(200);
    // One payment per week of the ten years, plus the first period's.
    expect(t.store.count('payments')).toBe(Math.floor((10 * 365 * 86_400) / WEEK) + 1);
  });

  it('a 40-week jump over 50 weekly subscriptions bills in slices: a GET sent during the jump answers before it', async () => {
    const t = await weeklySubscribers(50, { tickSliceSteps: 50 });
    const before = t.store.count('payments');
    const finished: string[] = [];
    const jump = t.http
      .post('/__admin/clock/advance')
      .send({ seconds: 40 * WEEK })
      .then((response) => {
        finished.push('jump');
        return response;
      });
    const read = t.http
      .get('/v1/products')
      .set(t.auth)
      .then((response) => {
        finished.push('get');
        return response;
      });
    const [jumped, listed] = await Promise.all([jump, read]);
    expect(jumped.status).toBe(200);
    expect(listed.status).toBe(200);
    expect(finished).toEqual(['get', 'jump']);
    // 40 new periods for each of the 50 subscriptions, each with its paid charge.
    expect(t.store.count('payments') - before).toBe(50 * 40);
  });
});
