/**
 * The webhooks service as the admin API uses it: endpoints set at run time, the bounded delivery list, re-send,
 * reset, state and restore; and a listener that never throws into the bus.
 */
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/domain/events.ts';
import { createLogger } from '../../src/platform/log.ts';
import type { SendResult, WebhookRequest } from '../../src/webhooks/http-send.ts';
import { createWebhooks } from '../../src/webhooks/webhooks.ts';
import { createTestApp, FROZEN_AT, type TestApp } from '../support/test-app.ts';
import { receiversClosedAfterEach, until } from '../support/webhook-receiver.ts';
import { appSendingTo, payAnOrder, SECRET } from '../support/webhook-support.ts';

const receiver = receiversClosedAfterEach();

const at = FROZEN_AT.toISOString();
const orderPaid = (orderId: string, clientId = 'mock-client'): DomainEvent => ({ type: 'order.paid', clientId, at, orderId, status: 'PAID' });

/** A service over the app's deps with a send that answers from `answers` (200 when they run out). */
function serviceOf(t: TestApp, options: { answers?: SendResult[]; maxDeliveries?: number; timeoutMs?: number; real?: boolean } = {}) {
  const sent: WebhookRequest[] = [];
  const errors: string[] = [];
  const answers = options.answers ?? [];
  const send = async (request: WebhookRequest) => {
    sent.push(request);
    return answers.shift() ?? { statusCode: 200 };
  };
  const webhooks = createWebhooks(t.deps, {
    worlds: t.core.worlds,
    logger: createLogger('error', (line) => errors.push(line)),
    ...(options.real ? {} : { send }),
    ...(options.maxDeliveries ? { maxDeliveries: options.maxDeliveries } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const settled = () => until(() => webhooks.deliveries().every((delivery) => delivery.attempts.length > 0), 'attempts');
  return { webhooks, sent, errors, settled };
}

describe('webhooks service', () => {
  it('an endpoint set at run time is used from the next event; removing it stops deliveries', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(undefined);
    expect(t.core.webhooks.endpoint('mock-client')).toBeUndefined();
    t.core.webhooks.setEndpoint('mock-client', { url: hooks.url, secret: SECRET });
    expect(t.core.webhooks.endpoint('mock-client')).toEqual({ url: hooks.url, secret: SECRET });
    await payAnOrder(t);
    await until(() => hooks.received.length === 2, 'two webhooks');

    t.core.webhooks.setEndpoint('mock-client', null);
    expect(t.core.webhooks.endpoint('mock-client')).toBeUndefined();
    t.core.webhooks.listener(orderPaid('ord_other'));
    expect(t.core.webhooks.deliveries()).toHaveLength(2);
  });

  it('a pending delivery whose endpoint was removed fails at its next attempt', async () => {
    const t = await appSendingTo('http://127.0.0.1:1/unused');
    const { webhooks, settled } = serviceOf(t, { answers: [{ statusCode: 500 }] });
    webhooks.listener(orderPaid('ord_1'));
    await settled();
    webhooks.setEndpoint('mock-client', null);
    t.clock.advance(10);
    await webhooks.tick();
    expect(webhooks.deliveries()[0]).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(webhooks.deliveries()[0]?.attempts.map((attempt) => attempt.error)).toEqual([undefined, 'no endpoint configured']);
  });

  it('a delivery that fails for good is logged with what it is about; a blank restored one is not logged', async () => {
    const t = await appSendingTo('http://127.0.0.1:1/unused');
    const lines: string[] = [];
    const webhooks = createWebhooks(t.deps, { worlds: t.core.worlds, logger: createLogger('warn', (line) => lines.push(line)), send: async () => ({ statusCode: 500 }) });
    webhooks.listener(orderPaid('ord_1'));
    await until(() => webhooks.deliveries()[0]?.attempts.length === 1, 'first attempt');
    webhooks.setEndpoint('mock-client', null);
    t.clock.advance(10);
    await webhooks.tick();
    const delivery = webhooks.deliveries()[0];
    // The time of day that starts a text line is left out.
    expect(lines.map((line) => line.replace(/^(\[commerce-mock\]) [\d:.]+ /, '$1 '))).toEqual([
      `[commerce-mock] warn: webhook ${delivery?.id} (order.status_changed, event ${delivery?.eventId}, client mock-client) to http://127.0.0.1:1/unused failed for good: no endpoint configured\n`,
    ]);

    lines.length = 0;
    const blank = { id: '', clientId: '', eventId: '', type: '', url: '', status: 'pending' as const, attempts: [], nextAttemptAt: at, createdAt: at, payload: {} };
    webhooks.restore({ endpoints: {}, deliveries: [blank as never] });
    await webhooks.tick();
    expect(webhooks.deliveries()[0]?.status).toBe('failed');
    expect(lines).toEqual([]);
  });

  it('filters by client, status and type, newest first', async () => {
    const t = await createTestApp({
      clients: [
        { clientId: 'mock-client', clientSecret: 'mock-secret', webhook: { url: 'http://127.0.0.1:1/a', secret: SECRET } },
        { clientId: 'shop-two', clientSecret: 'shop-secret', webhook: { url: 'http://127.0.0.1:1/b', secret: SECRET } },
      ],
    });
    const { webhooks, settled } = serviceOf(t, { answers: [{ statusCode: 200 }, { error: 'ECONNRESET' }] });
    webhooks.listener(orderPaid('ord_1'));
    webhooks.listener(orderPaid('ord_2', 'shop-two'));
    webhooks.listener({ type: 'subscription.past_due', clientId: 'mock-client', at, subscriptionId: 'sub_1', status: 'PAST_DUE' });
    await settled();
    expect(webhooks.deliveries().map((delivery) => delivery.type)).toEqual(['subscription.status_changed', 'order.status_changed', 'order.status_changed']);
    expect(webhooks.deliveries({ clientId: 'shop-two' }).map((delivery) => delivery.payload.data)).toEqual([{ orderId: 'ord_2', status: 'PAID' }]);
    expect(webhooks.deliveries({ status: 'pending' }).map((delivery) => delivery.attempts[0]?.error)).toEqual(['ECONNRESET']);
    expect(webhooks.deliveries({ type: 'subscription.status_changed', clientId: 'mock-client' })[0]?.payload.data).toEqual({ subscriptionId: 'sub_1', status: 'PAST_DUE' });
  });

  it('keeps at most maxDeliveries: the oldest finished ones go first', async () => {
    const t = await appSendingTo('http://127.0.0.1:1/unused');
    const { webhooks, settled } = serviceOf(t, { maxDeliveries: 3, answers: [{ statusCode: 500 }] });
    for (let index = 1; index <= 5; index += 1) {
      webhooks.listener(orderPaid(`ord_${index}`));
      await settled();
    }
    const kept = webhooks.deliveries().map((delivery) => [(delivery.payload.data as { orderId: string }).orderId, delivery.status]);
    expect(kept).toEqual([
      ['ord_5', 'delivered'],
      ['ord_4', 'delivered'],
      ['ord_1', 'pending'],
    ]);
  });

  it('resend: a new delivery of the same event id and body, attempted at once', async () => {
    const t = await appSendingTo('http://127.0.0.1:1/unused');
    const { webhooks, sent, settled } = serviceOf(t);
    webhooks.listener(orderPaid('ord_1'));
    await settled();
    const [original] = webhooks.deliveries();
    const copy = await webhooks.resend(original!.id);
    expect(copy).toMatchObject({ resentFrom: original!.id, eventId: original!.eventId, status: 'pending', payload: original!.payload });
    expect(copy?.id).not.toBe(original!.id);
    await settled();
    expect(webhooks.delivery(copy!.id)?.status).toBe('delivered');
    expect(sent.map((request) => request.body)).toEqual([sent[0]!.body, sent[0]!.body]);
    expect(sent[1]?.headers['X-Mock-Event-Id']).toBe(original!.eventId);
    expect(await webhooks.resend('whd_unknown')).toBeUndefined();
    webhooks.setEndpoint('mock-client', null);
    expect(await webhooks.resend(original!.id)).toBeUndefined();
  });

  it('reset forgets deliveries and puts the configured endpoints back', async () => {
    const t = await appSendingTo('http://127.0.0.1:1/configured');
    const { webhooks, settled } = serviceOf(t);
    webhooks.listener(orderPaid('ord_1'));
    await settled();
    webhooks.setEndpoint('mock-client', { url: 'http://127.0.0.1:1/changed', secret: SECRET });
    webhooks.reset();
    expect(webhooks.deliveries()).toEqual([]);
    expect(webhooks.endpoint('mock-client')).toEqual({ url: 'http://127.0.0.1:1/configured', secret: SECRET });
  });

  it('state survives JSON and restore: endpoints, deliveries, and a pending retry goes out at its time', async () => {
    const t = await appSendingTo('http://127.0.0.1:1/configured');
    const first = serviceOf(t, { answers: [{ statusCode: 500 }] });
    first.webhooks.setEndpoint('shop-two', { url: 'http://127.0.0.1:1/two', secret: SECRET });
    first.webhooks.listener(orderPaid('ord_1'));
    await first.settled();
    const saved = JSON.parse(JSON.stringify(first.webhooks.state())) as ReturnType<typeof first.webhooks.state>;

    const second = serviceOf(t);
    second.webhooks.restore(saved);
    expect(second.webhooks.state()).toEqual(first.webhooks.state());
    expect(second.webhooks.endpoint('shop-two')?.url).toBe('http://127.0.0.1:1/two');
    t.clock.advance(10);
    await second.webhooks.tick();
    expect(second.webhooks.deliveries()[0]).toMatchObject({ status: 'delivered' });
    expect(second.sent).toHaveLength(1);
  });

  it('a receiver that does not answer in time fails the attempt', async () => {
    const hooks = await receiver();
    hooks.delayMs = 1000;
    const t = await appSendingTo(hooks.url);
    const { webhooks, settled } = serviceOf(t, { real: true, timeoutMs: 100 });
    webhooks.listener(orderPaid('ord_1'));
    await settled();
    expect(webhooks.deliveries()[0]?.attempts[0]).toMatchObject({ error: 'no answer within 100 ms' });
    expect(webhooks.deliveries()[0]?.status).toBe('pending');
  });

  it('the listener never throws into the bus: a failing world lookup is logged', async () => {
    const t = await appSendingTo('http://127.0.0.1:1/unused');
    const errors: string[] = [];
    const webhooks = createWebhooks(t.deps, {
      worlds: {
        of: () => {
          throw new Error('no policy');
        },
      },
      logger: createLogger('error', (line) => errors.push(line)),
      send: async () => ({ statusCode: 200 }),
    });
    expect(() => webhooks.listener(orderPaid('ord_1'))).not.toThrow();
    await until(() => errors.length > 0, 'a logged error');
    expect(errors.join('')).toContain('no policy');
  });
});
