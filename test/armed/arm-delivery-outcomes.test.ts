/**
 * Armed delivery behaviours: the deliveries of the client's next change that causes any are duplicated, fail their
 * first attempt, wait, or go out in reverse; the change after it is delivered as before. A receiver's 5xx is the
 * receiver's to answer: refused.
 */
import { describe, expect, it } from 'vitest';
import { receiversClosedAfterEach, until } from '../support/webhook-receiver.ts';
import { appSendingTo, payAnOrder } from '../support/webhook-support.ts';
import type { TestApp } from '../support/test-app.ts';

const receiver = receiversClosedAfterEach();
const ARMED = '/__admin/clients/mock-client/armed';
const TYPES = ['order.status_changed', 'payment.status_changed'];

async function armedSender(outcome: string) {
  const hooks = await receiver();
  const t = await appSendingTo(hooks.url);
  await t.http.post(ARMED).send({ outcome }).expect(201);
  return { hooks, t };
}

async function armOf(t: TestApp) {
  return (await t.http.get(ARMED).expect(200)).body.data[0];
}

describe('arming a delivery behaviour', () => {
  it('webhook.duplicate-received: each delivery of the next change arrives twice; coverage meets it', async () => {
    const { hooks, t } = await armedSender('webhook.duplicate-received');
    await payAnOrder(t);
    await until(() => hooks.received.length === 4, 'four requests');
    expect(hooks.received.map((request) => request.body.type)).toEqual([TYPES[0], TYPES[0], TYPES[1], TYPES[1]]);
    expect(await armOf(t)).toMatchObject({ remaining: 0, fired: 1 });
    await payAnOrder(t);
    await until(() => hooks.received.length === 6, 'two more');
    const coverage = (await t.http.get('/__admin/coverage').query({ clientId: 'mock-client' }).expect(200)).body.data;
    expect(coverage.outcomes.find((one: { id: string }) => one.id === 'webhook.duplicate-received').status).not.toBe('not-met');
  });

  it('webhook.failing: the first attempt fails without being sent, the retry is delivered', async () => {
    const { hooks, t } = await armedSender('webhook.failing');
    await payAnOrder(t);
    await until(() => t.core.webhooks.deliveries().every((delivery) => delivery.attempts.length === 1), 'first attempts');
    expect(hooks.received).toEqual([]);
    expect(t.core.webhooks.deliveries().map((delivery) => delivery.attempts[0]?.error)).toEqual(['failed by an armed outcome', 'failed by an armed outcome']);
    t.clock.advance(10);
    await t.core.tick();
    await t.core.webhooks.idle();
    expect(hooks.received.map((request) => request.body.type)).toEqual(TYPES);
  });

  it('webhook.delayed: the deliveries wait 5 minutes of the client’s clock', async () => {
    const { hooks, t } = await armedSender('webhook.delayed');
    await payAnOrder(t);
    await t.core.webhooks.idle();
    expect(hooks.received).toEqual([]);
    t.clock.advance(300);
    await t.core.tick();
    await t.core.webhooks.idle();
    expect(hooks.received.map((request) => request.body.type)).toEqual(TYPES);
  });

  it('webhook.out-of-order: the deliveries of the next change go out in reverse; the next change’s in order', async () => {
    const { hooks, t } = await armedSender('webhook.out-of-order');
    await payAnOrder(t);
    await until(() => hooks.received.length === 2, 'two requests');
    expect(hooks.received.map((request) => request.body.type)).toEqual([...TYPES].reverse());
    await payAnOrder(t);
    await until(() => hooks.received.length === 4, 'two more');
    expect(hooks.received.slice(2).map((request) => request.body.type)).toEqual(TYPES);
  });

  it('waits for a change that causes deliveries: a client without an endpoint keeps it armed', async () => {
    const t = await appSendingTo(undefined);
    await t.http.post(ARMED).send({ outcome: 'webhook.failing' }).expect(201);
    await payAnOrder(t);
    expect(await armOf(t)).toMatchObject({ remaining: 1, fired: 0 });
  });

  it('webhook.retried-after-5xx is the receiver’s to cause: 422, with how to provoke it', async () => {
    const t = await appSendingTo(undefined);
    const refused = await t.http.post(ARMED).send({ outcome: 'webhook.retried-after-5xx' }).expect(422);
    expect(refused.body.message).toContain('5xx');
  });
});
