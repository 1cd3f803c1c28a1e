/**
 * One trace from the shop to the gateway and back: a request with a `traceparent` makes a server span with that
 * parent and the HTTP semantic conventions' attributes at an OTLP receiver; the webhook it causes carries a
 * `traceparent` of the same trace; the journal entry and the order's story show the trace id; a collector that never
 * answers leaves the mock's answers as they were and does not hold its stop.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/platform/log.ts';
import { startOtelTracing } from '../../src/tracing/otel-tracing.ts';
import type { Tracing } from '../../src/tracing/tracing-types.ts';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlp-receiver.ts';
import { receiversClosedAfterEach, until } from '../support/webhook-receiver.ts';
import { placeAnOrder, SECRET } from '../support/webhook-support.ts';

const webhookReceiver = receiversClosedAfterEach();
const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

const SHOP_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SHOP_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = `00-${SHOP_TRACE}-${SHOP_SPAN}-01`;
const SUBSCRIPTION_TRACE = '5cf92f3577b34da6a3ce929d0e0e4799';
const SERVER = 2;
const CLIENT = 3;

async function tracedApp(collector: OtlpReceiver, webhookUrl?: string) {
  const tracing: Tracing = await startOtelTracing(
    { exporter: 'otlp', endpoint: collector.url, protocol: 'http/json', serviceName: 'commerce-mock', sampler: 'parentbased_always_on' },
    silentLogger,
    'test',
  );
  closing.push(() => tracing.shutdown(100));
  const client = { clientId: 'mock-client', clientSecret: 'mock-secret', active: true, ...(webhookUrl ? { webhook: { url: webhookUrl, secret: SECRET } } : {}) };
  const t = await createTestApp({ clients: [client] }, { tracing });
  return { t, tracing };
}

describe('tracing', () => {
  it("makes the request's server span a child of the shop's, with the HTTP conventions, and the webhook it causes joins the trace", async () => {
    const collector = await startOtlpReceiver();
    closing.push(() => collector.close());
    const hooks = await webhookReceiver();
    const { t, tracing } = await tracedApp(collector, hooks.url);
    const token = await tokenFor(t);
    const orderId = await placeAnOrder(t, token);
    let last;
    for (let poll = 1; poll <= 3; poll += 1) {
      last = await t.http.get(`/v1/orders/${orderId}/status`).set(bearer(token)).set('traceparent', TRACEPARENT).set('tracestate', 'shop=k1').expect(200);
    }
    expect(last?.headers['traceresponse']).toMatch(new RegExp(`^00-${SHOP_TRACE}-[0-9a-f]{16}-01$`));
    await until(() => hooks.received.length >= 2, 'the webhooks of the paying poll');
    await t.core.webhooks.idle();

    for (const hook of hooks.received) {
      expect(hook.headers['traceparent']).toMatch(new RegExp(`^00-${SHOP_TRACE}-[0-9a-f]{16}-01$`));
      expect(hook.headers['tracestate']).toBe('shop=k1');
    }
    const entries = (await t.http.get('/__admin/requests?operationId=getOrderStatus').expect(200)).body.data as Array<{ id: string; traceId?: string }>;
    expect(entries.map((entry) => entry.traceId)).toEqual([SHOP_TRACE, SHOP_TRACE, SHOP_TRACE]);
    const story = (await t.http.get(`/__admin/orders/${orderId}/story`).expect(200)).body.data as { entries: Array<{ kind: string; traceId?: string }> };
    const requests = story.entries.filter((entry) => entry.kind === 'request');
    expect(requests.filter((entry) => entry.traceId === SHOP_TRACE)).toHaveLength(3);
    expect(requests.filter((entry) => entry.traceId !== SHOP_TRACE && entry.traceId !== undefined)).toHaveLength(1);

    // What a coding agent reads over MCP carries the trace id as the admin API does.
    const mcp = async (name: string, args: Record<string, unknown>): Promise<unknown> => {
      const answer = await t.http
        .post('/__admin/mcp')
        .set('Accept', 'application/json, text/event-stream')
        .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } })
        .expect(200);
      const { result } = answer.body as { result: { content: Array<{ text: string }> } };
      return JSON.parse(result.content.map(({ text }) => text).join(''));
    };
    expect(await mcp('open_journal_entry', { clientId: 'mock-client', requestId: entries[0]?.id })).toMatchObject({ traceId: SHOP_TRACE });
    const told = (await mcp('order_story', { clientId: 'mock-client', orderId })) as { entries: Array<{ traceId?: string }> };
    expect(told.entries.filter((entry) => entry.traceId === SHOP_TRACE)).toHaveLength(3);

    await tracing.shutdown(5000);
    const polls = collector.spans.filter((span) => span.attributes['commerce.operation_id'] === 'getOrderStatus');
    expect(polls).toHaveLength(3);
    for (const span of polls) {
      expect(span).toMatchObject({ traceId: SHOP_TRACE, parentSpanId: SHOP_SPAN, kind: SERVER, name: 'GET /v1/orders/{order_id}/status' });
      expect(span.attributes).toMatchObject({
        'http.request.method': 'GET',
        'url.path': `/v1/orders/${orderId}/status`,
        'http.response.status_code': 200,
        'http.route': '/v1/orders/{order_id}/status',
        'commerce.client_id': 'mock-client',
        'commerce.order_id': orderId,
      });
      expect(span.resource).toMatchObject({ 'service.name': 'commerce-mock' });
    }
    const deliveries = collector.spans.filter((span) => span.kind === CLIENT);
    expect(deliveries.map((span) => span.name).sort()).toEqual(['webhook order.status_changed', 'webhook payment.status_changed']);
    const paying = polls.map((span) => span.spanId);
    for (const delivery of deliveries) {
      expect(delivery.traceId).toBe(SHOP_TRACE);
      expect(paying).toContain(delivery.parentSpanId);
      expect(delivery.attributes['http.response.status_code']).toBe(200);
    }
    const sent = hooks.received.map((hook) => String(hook.headers['traceparent']).split('-')[2]);
    expect(sent.sort()).toEqual(deliveries.map((span) => span.spanId).sort());

    // The paying poll's change: made durable inside the poll's span, with the status change and its cause inside it.
    // Each poll's stages that decide an answer are its children: authentication, then the handler.
    for (const poll of polls) expect(collector.spans.filter((span) => span.parentSpanId === poll.spanId).map((span) => span.name)).toEqual(expect.arrayContaining(['authenticate', 'handle']));
    const paid = collector.spans.find((span) => span.name === 'order PAID');
    expect(paid?.attributes).toMatchObject({ 'commerce.order_id': orderId, 'commerce.status': 'PAID', 'commerce.cause': 'poll' });
    const commit = collector.spans.find((span) => span.spanId === paid?.parentSpanId);
    expect(commit).toMatchObject({ name: 'store.commit', traceId: SHOP_TRACE });
    expect(paying).toContain(commit?.parentSpanId);
  });

  it("starts a trace of its own for a change the clock makes, linked to the trace of the request that placed the order", async () => {
    const collector = await startOtlpReceiver();
    closing.push(() => collector.close());
    const { t, tracing } = await tracedApp(collector);
    await t.http.put('/__admin/scenarios/active').send({ name: 'slow-payment', clientId: 'mock-client' }).expect(200);
    const token = await tokenFor(t);
    const placed = await t.http
      .post('/v1/orders')
      .set(bearer(token))
      .set('traceparent', TRACEPARENT)
      .send({ customer: { merchantCustomerId: 'C-1', name: 'Ana' }, items: [{ originProductId: 'P-1', name: 'Caju', price: 250, quantity: 2 }] })
      .expect(201);
    const orderId = (placed.body as { data: { id: string } }).data.id;
    const subscribed = await t.http
      .post('/v1/subscriptions')
      .set(bearer(token))
      .set('traceparent', `00-${SUBSCRIPTION_TRACE}-${SHOP_SPAN}-01`)
      .send({ plan: { originPlanId: 'PLAN-T', name: 'Plano', price: 499, interval: 'monthly' }, customer: { merchantCustomerId: 'C-2', name: 'Ana', phone: '+258 84 123 4567' } })
      .expect(201);
    const subscriptionId = (subscribed.body as { data: { id: string } }).data.id;
    await t.http.post('/__admin/clock/advance').send({ seconds: 600 }).expect(200);
    await tracing.shutdown(5000);
    const moved = collector.spans.find((span) => span.name === 'order PAID' && span.attributes['commerce.order_id'] === orderId);
    expect(moved?.attributes).toMatchObject({ 'commerce.cause': 'progression' });
    expect(moved?.traceId).not.toBe(SHOP_TRACE);
    const commit = collector.spans.find((span) => span.spanId === moved?.parentSpanId);
    expect(commit?.links.map((link) => link.traceId)).toContain(SHOP_TRACE);
    // A subscription's charge made by the clock links to the request that created the subscription.
    const charged = collector.spans.find((span) => span.name === 'subscription ACTIVE' && span.attributes['commerce.subscription_id'] === subscriptionId);
    expect(charged?.traceId).not.toBe(SUBSCRIPTION_TRACE);
    const billing = collector.spans.find((span) => span.spanId === charged?.parentSpanId);
    expect(billing?.links.map((link) => link.traceId)).toContain(SUBSCRIPTION_TRACE);
  });

  it('starts a trace of its own for a request without a traceparent, and names its refusal', async () => {
    const collector = await startOtlpReceiver();
    closing.push(() => collector.close());
    const { t, tracing } = await tracedApp(collector);
    const refused = await t.http.get('/v1/products').set('Authorization', 'Bearer not-a-token').expect(401);
    const [, traceId] = String(refused.headers['traceresponse']).split('-');
    await tracing.shutdown(5000);
    const span = collector.spans.find((one) => one.kind === SERVER);
    expect(span).toMatchObject({ traceId });
    expect(span?.parentSpanId).toBeUndefined();
    expect(span?.attributes).toMatchObject({ 'http.response.status_code': 401, 'commerce.error_code': 'invalid_token' });
    // The stage that refused it, a child span with the refusal's code.
    const refusedBy = collector.spans.find((one) => one.parentSpanId === span?.spanId && one.name === 'authenticate');
    expect(refusedBy).toMatchObject({ traceId });
    expect(collector.spans.filter((one) => one.parentSpanId === span?.spanId && one.name === 'handle')).toEqual([]);
    expect(refusedBy?.attributes).toMatchObject({ 'commerce.stage': 'authenticate', 'http.response.status_code': 401, 'commerce.error_code': 'invalid_token' });
  });

  it('keeps its queue bounded when the collector never answers: what does not fit is dropped and said, once', async () => {
    const collector = await startOtlpReceiver({ answers: false });
    closing.push(() => collector.close());
    const warnings: string[] = [];
    const logger = { ...silentLogger, warn: (line: string) => void warnings.push(line) };
    const tracing = await startOtelTracing({ exporter: 'otlp', endpoint: collector.url, protocol: 'http/json', serviceName: 'commerce-mock', sampler: 'always_on' }, logger, 'test', 20);
    closing.push(() => tracing.shutdown(100));
    const t = await createTestApp({ rateLimit: { enabled: false } }, { tracing });
    const token = await tokenFor(t);
    const answers = [];
    for (let batch = 0; batch < 4; batch += 1) answers.push(...(await Promise.all(Array.from({ length: 25 }, () => t.http.get('/v1/products').set(bearer(token))))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(200));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^tracing: \\d+ span\\(s\\) dropped \\(the queue of 20 was full\\) to ${collector.url}/v1/traces`));
  });

  it('answers as it did and stops in time when the collector never answers', async () => {
    const collector = await startOtlpReceiver({ answers: false });
    closing.push(() => collector.close());
    const { t, tracing } = await tracedApp(collector);
    const token = await tokenFor(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.http.get('/v1/products').set(bearer(token))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const stopping = tracing.shutdown(300);
    await expect(Promise.race([stopping.then(() => 'stopped'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000))])).resolves.toBe('stopped');
  });
});
