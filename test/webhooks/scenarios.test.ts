/** A scenario makes deliveries fail or arrive twice, as real receivers must cope with both. */
import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/scenarios/scenario-library.ts';
import { withScenario } from '../support/test-app.ts';
import { receiversClosedAfterEach, until } from '../support/webhook-receiver.ts';
import { appSendingTo, payAnOrder } from '../support/webhook-support.ts';

const receiver = receiversClosedAfterEach();

describe('webhook scenarios', () => {
  it('failDeliveries: each attempt is recorded failed without being sent, and sending resumes once the scenario ends', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url, { scenario: 'custom' }, withScenario({ name: 'custom', webhooks: { failDeliveries: true } }));
    await payAnOrder(t);
    const order = () => t.core.webhooks.deliveries({ type: 'order.status_changed' })[0];
    await until(() => t.core.webhooks.deliveries().every((delivery) => delivery.attempts.length === 1), 'first attempts');
    expect(order()).toMatchObject({ status: 'pending', nextAttemptAt: '2026-03-02T10:00:10.000Z' });
    expect(order()?.attempts).toEqual([{ at: '2026-03-02T10:00:00.000Z', error: 'failed by scenario', durationMs: 0 }]);

    t.clock.advance(10);
    await t.core.tick();
    await t.core.webhooks.idle();
    expect(order()?.attempts.map((attempt) => attempt.error)).toEqual(['failed by scenario', 'failed by scenario']);
    expect(hooks.received).toEqual([]);

    t.core.scenarios.deactivate();
    t.clock.advance(20);
    await t.core.tick();
    await t.core.webhooks.idle();
    expect(order()).toMatchObject({ status: 'delivered' });
    expect(hooks.received.map((request) => request.body.type)).toEqual(['order.status_changed', 'payment.status_changed']);
  });

  it('duplicateDeliveries: every event arrives twice with the same event id and body, as two deliveries', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url, { scenario: 'custom' }, withScenario({ name: 'custom', webhooks: { duplicateDeliveries: true } }));
    await payAnOrder(t);
    await until(() => hooks.received.length === 4, 'four requests');
    const types = hooks.received.map((request) => request.body.type);
    expect(types).toEqual(['order.status_changed', 'order.status_changed', 'payment.status_changed', 'payment.status_changed']);
    expect(hooks.received[0]?.rawBody).toBe(hooks.received[1]?.rawBody);
    expect(hooks.received[0]?.headers['x-mock-event-id']).toBe(hooks.received[1]?.headers['x-mock-event-id']);
    expect(hooks.received[0]?.headers['x-mock-delivery-id']).not.toBe(hooks.received[1]?.headers['x-mock-delivery-id']);

    await until(() => t.core.webhooks.deliveries({ status: 'delivered' }).length === 4, 'four delivered');
    const [copy, original] = t.core.webhooks.deliveries({ type: 'order.status_changed' });
    expect(copy?.duplicateOf).toBe(original?.id);
    expect(copy?.eventId).toBe(original?.eventId);
    expect(original?.duplicateOf).toBeUndefined();
  });

  it('the built-in scenarios webhooks-failing and webhooks-duplicated set the webhook policy', () => {
    const builtIn = new Map(loadScenarios().scenarios.map((scenario) => [scenario.name, scenario]));
    expect(builtIn.get('webhooks-failing')?.webhooks).toEqual({ failDeliveries: true });
    expect(builtIn.get('webhooks-duplicated')?.webhooks).toEqual({ duplicateDeliveries: true });
  });

  it('webhooks-out-of-order: the deliveries of one change arrive in reverse order of their creation', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url, { scenario: 'webhooks-out-of-order' });
    await payAnOrder(t);
    await until(() => hooks.received.length === 2, 'two requests');
    expect(hooks.received.map((request) => request.body.type)).toEqual(['payment.status_changed', 'order.status_changed']);
    expect(hooks.received.map((request) => (request.body.data as { status: string }).status)).toEqual(['PAID', 'PAID']);
  });

  it('webhooks-delayed: every delivery waits 10 minutes of mock time, then goes out with its original createdAt', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url, { scenario: 'webhooks-delayed' });
    await payAnOrder(t);
    await t.core.tick();
    await t.core.webhooks.idle();
    expect(t.core.webhooks.deliveries().map((delivery) => [delivery.status, delivery.nextAttemptAt, delivery.attempts.length])).toEqual([
      ['pending', '2026-03-02T10:10:00.000Z', 0],
      ['pending', '2026-03-02T10:10:00.000Z', 0],
    ]);
    t.clock.advance(599);
    await t.core.tick();
    await t.core.webhooks.idle();
    expect(hooks.received).toEqual([]);
    t.clock.advance(1);
    await t.core.tick();
    await t.core.webhooks.idle();
    expect(hooks.received.map((request) => [request.body.type, request.body.createdAt])).toEqual([
      ['order.status_changed', '2026-03-02T10:00:00.000Z'],
      ['payment.status_changed', '2026-03-02T10:00:00.000Z'],
    ]);
  });

  it('the built-in scenarios webhooks-out-of-order and webhooks-delayed set the webhook policy', () => {
    const builtIn = new Map(loadScenarios().scenarios.map((scenario) => [scenario.name, scenario]));
    expect(builtIn.get('webhooks-out-of-order')?.webhooks).toEqual({ outOfOrder: true });
    expect(builtIn.get('webhooks-delayed')?.webhooks).toEqual({ delayMinutes: 10 });
  });

  it('a per-client activation of webhooks-failing applies to that client', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url);
    expect(t.core.scenarios.activate('webhooks-failing', 'mock-client')).toBe(true);
    await payAnOrder(t);
    await until(() => t.core.webhooks.deliveries().length === 2 && t.core.webhooks.deliveries().every((d) => d.attempts.length === 1), 'first attempts');
    expect(t.core.webhooks.deliveries().map((delivery) => delivery.attempts[0]?.error)).toEqual(['failed by scenario', 'failed by scenario']);
    expect(hooks.received).toEqual([]);
  });
});
