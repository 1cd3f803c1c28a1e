/**
 * Webhooks: every order, payment and subscription status change of a client with an endpoint becomes a signed
 * POST. The bus listener only records the delivery and queues it, so the request path never waits on a receiver;
 * attempts run one at a time per client, in event order. A failed attempt is retried with backoff on the mock
 * clock, from `tick()`. The client's scenario can fail or duplicate deliveries.
 */
import { monotonicMs } from '../clock.ts';
import type { FlowDeps } from '../deps.ts';
import { createDeliveryLog, matchesFilter, type Delivery } from './delivery-log.ts';
import { httpSend, type SendResult } from './http-send.ts';
import { webhookPayloadOf, type WebhookPayload } from './payload.ts';
import { DEFAULT_RETRY_SCHEDULE, retryDelaySeconds } from './retry-schedule.ts';
import type { Webhooks, WebhooksOptions } from './types.ts';
import { webhookRequest } from './webhook-request.ts';

export type { Webhooks, WebhooksOptions, WebhooksState, WebhookEndpoint } from './types.ts';
export type { Delivery, DeliveryAttempt, DeliveryFilter, DeliveryStatus } from './delivery-log.ts';
export type { WebhookPayload, WebhookEventType } from './payload.ts';
export { verifySignature, SIGNATURE_HEADER } from './signing.ts';

export function createWebhooks(deps: FlowDeps, options: WebhooksOptions): Webhooks {
  const { policyOf, logger } = options;
  const send = options.send ?? httpSend(options.timeoutMs ?? 5000);
  const schedule = { ...DEFAULT_RETRY_SCHEDULE, ...options.retries };
  const log = createDeliveryLog(options.maxDeliveries ?? 1000);
  const configured = () =>
    new Map(deps.config.clients.flatMap((client) => (client.webhook ? [[client.clientId, { ...client.webhook }] as const] : [])));
  let endpoints = configured();
  /** Each client's chain of attempts: the next starts when the previous one ends. */
  const queues = new Map<string, Promise<void>>();
  /** Deliveries queued or in flight (by identity, so records restored under the same ids are not mistaken for them). */
  const busy = new Set<Delivery>();

  const attempt = async (delivery: Delivery): Promise<void> => {
    const startedMs = deps.clock.nowMs();
    const at = new Date(startedMs).toISOString();
    const endpoint = endpoints.get(delivery.clientId);
    if (!endpoint) return settle(delivery, at, { error: 'no endpoint configured' }, 0, true);
    delivery.url = endpoint.url;
    if (policyOf(delivery.clientId).webhooks.failDeliveries) return settle(delivery, at, { error: 'failed by scenario' }, 0);
    const started = monotonicMs();
    const result = await send(webhookRequest(delivery, endpoint, startedMs));
    settle(delivery, at, result, Math.round(monotonicMs() - started));
  };

  const settle = (delivery: Delivery, at: string, result: SendResult, durationMs: number, final = false) => {
    const ok = 'statusCode' in result && result.statusCode >= 200 && result.statusCode < 300;
    delivery.attempts.push({ at, ...result, durationMs });
    const delay = ok || final ? undefined : retryDelaySeconds(delivery.attempts.length, schedule);
    delivery.status = ok ? 'delivered' : delay === undefined ? 'failed' : 'pending';
    delivery.nextAttemptAt = delay === undefined ? null : new Date(Date.parse(at) + delay * 1000).toISOString();
    const outcome = 'statusCode' in result ? `HTTP ${result.statusCode}` : result.error;
    const about = describeDelivery(delivery);
    // A delivery that names nothing (an imported state's blank record) is about nothing worth a log line.
    if (about === undefined) return;
    if (delivery.status === 'failed') logger.warn(`${about} failed for good: ${outcome}`);
    else logger.debug(`${about}, attempt ${delivery.attempts.length}: ${outcome}`);
  };

  const enqueue = (delivery: Delivery): Promise<void> => {
    busy.add(delivery);
    const previous = queues.get(delivery.clientId) ?? Promise.resolve();
    const done = previous
      .then(() => attempt(delivery))
      .catch((error: unknown) => logger.error(`webhook ${delivery.id} failed: ${String((error as Error)?.stack ?? error)}`))
      .finally(() => {
        busy.delete(delivery);
        if (queues.get(delivery.clientId) === done) queues.delete(delivery.clientId);
      });
    queues.set(delivery.clientId, done);
    return done;
  };

  const record = (clientId: string, payload: WebhookPayload, url: string, link: Pick<Delivery, 'duplicateOf' | 'resentFrom'>): Delivery => {
    const now = deps.clock.now().toISOString();
    const delivery: Delivery = {
      id: deps.random.id('whd'),
      clientId,
      eventId: payload.id,
      type: payload.type,
      url,
      status: 'pending',
      attempts: [],
      nextAttemptAt: now,
      createdAt: now,
      payload: structuredClone(payload),
      ...link,
    };
    log.add(delivery);
    void enqueue(delivery);
    return delivery;
  };

  return {
    listener(event) {
      try {
        const endpoint = endpoints.get(event.clientId);
        if (!endpoint) return;
        const payload = webhookPayloadOf(event, deps.random.id('evt'));
        if (!payload) return;
        const first = record(event.clientId, payload, endpoint.url, {});
        if (policyOf(event.clientId).webhooks.duplicateDeliveries) record(event.clientId, payload, endpoint.url, { duplicateOf: first.id });
      } catch (error) {
        logger.error(`webhook of ${event.type} not recorded: ${String((error as Error)?.stack ?? error)}`);
      }
    },
    async tick() {
      const now = deps.clock.nowMs();
      const due = log
        .all()
        .filter((delivery) => delivery.status === 'pending' && !busy.has(delivery) && delivery.nextAttemptAt !== null && Date.parse(delivery.nextAttemptAt) <= now);
      await Promise.all(due.map(enqueue));
    },
    setEndpoint(clientId, endpoint) {
      if (endpoint) endpoints.set(clientId, { url: endpoint.url, secret: endpoint.secret });
      else endpoints.delete(clientId);
    },
    endpoint(clientId) {
      const found = endpoints.get(clientId);
      return found && { ...found };
    },
    deliveries: (filter = {}) =>
      log
        .all()
        .filter((delivery) => matchesFilter(delivery, filter))
        .reverse()
        .map((delivery) => structuredClone(delivery)),
    delivery(id) {
      const found = log.find(id);
      return found && structuredClone(found);
    },
    resend(deliveryId) {
      const original = log.find(deliveryId);
      const endpoint = original && endpoints.get(original.clientId);
      if (!original || !endpoint) return undefined;
      return structuredClone(record(original.clientId, original.payload, endpoint.url, { resentFrom: original.id }));
    },
    reset() {
      log.clear();
      endpoints = configured();
    },
    state: () => ({
      endpoints: Object.fromEntries([...endpoints].map(([clientId, endpoint]) => [clientId, { ...endpoint }])),
      deliveries: structuredClone([...log.all()]) }),
    restore(state) {
      endpoints = new Map(Object.entries(state.endpoints).map(([clientId, endpoint]) => [clientId, { ...endpoint }]));
      log.replace(structuredClone(state.deliveries));
    },
  };
}

/** `webhook whd_… (order.status_changed, event evt_…, client mock-client) to URL`, naming only what the delivery has. */
export function describeDelivery(delivery: Pick<Delivery, 'id' | 'type' | 'eventId' | 'clientId' | 'url'>): string | undefined {
  const facts = [delivery.type, delivery.eventId && `event ${delivery.eventId}`, delivery.clientId && `client ${delivery.clientId}`].filter(Boolean);
  if (!delivery.id && facts.length === 0) return undefined;
  const id = delivery.id ? ` ${delivery.id}` : '';
  const what = facts.length > 0 ? ` (${facts.join(', ')})` : '';
  return `webhook${id}${what}${delivery.url ? ` to ${delivery.url}` : ''}`;
}
