/**
 * Webhooks: every order, payment and subscription status change of a client with an endpoint becomes a signed
 * POST. The delivery is recorded in the store before the change commits (`stage`, the outbox) and sent once the
 * change is durable (`listener`); attempts run in the background, one at a time per client in event order, a few
 * clients at once, never inside a request or a clock move. A failed attempt is retried with backoff on the mock
 * clock, from `tick()`. The client's scenario can fail or duplicate deliveries.
 */
import { changeApplier } from '../store/apply-change.ts';
import { monotonicMs } from '../platform/clock.ts';
import type { DomainEvent } from '../domain/events.ts';
import type { TraceHeaders } from '../domain/trace-headers.ts';
import type { AppDeps } from '../deps/deps.ts';
import type { World, Worlds } from '../deps/world.ts';
import { createDeliveryLog, matchesFilter, type Delivery } from './delivery-log.ts';
import { deliveryStore } from './delivery-store.ts';
import { createDispatcher } from './dispatcher.ts';
import { httpSend } from './http-send.ts';
import { cutMidBody, delayedSend, type LegResult, type ReceiverLeg } from './leg-send.ts';
import { isWebhookEvent, webhookPayloadOf, type WebhookPayload } from './payload.ts';
import { DEFAULT_RETRY_SCHEDULE, retryDelaySeconds } from './retry-schedule.ts';
import { rotatedEndpoint } from './secret-rotation.ts';
import type { ArmedDeliveries, WebhookEndpoint, Webhooks, WebhooksOptions, WebhooksState } from './webhook-types.ts';
import { webhookRequest } from './webhook-request.ts';

export type { Webhooks, WebhooksOptions, WebhooksState, WebhookEndpoint, WebhookEndpointInput } from './webhook-types.ts';
export type { Delivery, DeliveryAttempt, DeliveryFilter, DeliveryStatus } from './delivery-log.ts';
export type { WebhookPayload, WebhookEventType } from './payload.ts';
export { verifySignature, SIGNATURE_HEADER } from './signing.ts';

/** Clients whose attempts may be in flight at once (each client's own attempts stay one at a time). */
export const DEFAULT_CONCURRENCY = 4;

export function createWebhooks(deps: AppDeps, options: WebhooksOptions): Webhooks {
  const { worlds, logger } = options;
  const send = options.send ?? httpSend(options.timeoutMs ?? 5000);
  const schedule = { ...DEFAULT_RETRY_SCHEDULE, ...options.retries };
  const applyChange = options.applyChange ?? changeApplier(deps.store);
  const stored = deliveryStore(deps.store);
  const log = createDeliveryLog(options.maxDeliveries ?? 1000, (dropped) => stored.remove(dropped.id));
  const configured = () =>
    new Map(deps.config.clients.flatMap((client) => (client.webhook ? [[client.clientId, { ...client.webhook }] as const] : [])));
  let endpoints = configured();
  const dispatcher = createDispatcher(options.concurrency ?? DEFAULT_CONCURRENCY, (error) =>
    logger.error(`webhook attempt failed: ${String((error as Error)?.stack ?? error)}`),
  );
  /** Deliveries queued or in flight (by identity, so records restored under the same ids are not mistaken for them). */
  const busy = new Set<Delivery>();
  /** Deliveries whose first attempt an armed outcome fails without sending them. */
  const failingFirst = new WeakSet<Delivery>();
  /** Deliveries whose first attempt's connection an armed outcome delays or cuts (leg-send.ts). */
  const legFirst = new WeakMap<Delivery, ReceiverLeg>();
  /** Events whose deliveries `stage` already recorded: the listener only sends them. */
  const staged = new WeakSet<DomainEvent>();
  /** The trace context of the request whose change recorded a delivery (tracing on): its attempts' parent. */
  const tracedFrom = new WeakMap<Delivery, TraceHeaders>();
  /** The deliveries each event caused, and the attempt under way of each queued one: what `attempting` reads. */
  const causedBy = new WeakMap<DomainEvent, Delivery[]>();
  const underWay = new WeakMap<Delivery, Promise<void>>();
  const clientIds = () => deps.clients.list().map((client) => client.clientId);

  const attempt = async (delivery: Delivery): Promise<void> => {
    const world = worlds.of(delivery.clientId);
    const startedMs = world.clock.nowMs();
    const at = new Date(startedMs).toISOString();
    const endpoint = endpoints.get(delivery.clientId);
    if (!endpoint) return settle(delivery, world, at, { error: 'no endpoint configured' }, 0, true);
    delivery.url = endpoint.url;
    if (world.policy.webhooks.failDeliveries) return settle(delivery, world, at, { error: 'failed by scenario' }, 0);
    if (failingFirst.has(delivery) && delivery.attempts.length === 0) return settle(delivery, world, at, { error: 'failed by an armed outcome' }, 0);
    const started = monotonicMs();
    const traced = options.traceAttempt?.(tracedFrom.get(delivery), delivery);
    const request = webhookRequest(delivery, endpoint, startedMs, deps.clock.wallMs());
    if (traced) Object.assign(request.headers, traced.headers);
    const armedLeg = delivery.attempts.length === 0 ? legFirst.get(delivery) : undefined;
    const profiled = armedLeg === undefined ? options.legOf?.(delivery, world) : undefined;
    const leg = armedLeg ?? profiled?.leg;
    const sent: LegResult =
      leg === 'connect-delay'
        ? await delayedSend(send, request, options.connectDelayMs ?? 30_000)
        : leg === 'reset-mid-body'
          ? await cutMidBody(request, options.timeoutMs ?? 5000, profiled ? `network profile ${profiled.profile}` : undefined)
          : await send(request);
    const result: LegResult = profiled ? { ...sent, profile: profiled.profile } : sent;
    const durationMs = Math.round(monotonicMs() - started);
    traced?.end({ ...result, durationMs });
    return settle(delivery, world, at, result, durationMs);
  };

  const settle = async (delivery: Delivery, world: World, at: string, result: LegResult, durationMs: number, final = false) => {
    const ok = 'statusCode' in result && result.statusCode >= 200 && result.statusCode < 300;
    delivery.attempts.push({ at, ...result, durationMs });
    options.onAttempt?.(structuredClone(delivery), world);
    const delay = ok || final ? undefined : retryDelaySeconds(delivery.attempts.length, schedule);
    delivery.status = ok ? 'delivered' : delay === undefined ? 'failed' : 'pending';
    delivery.nextAttemptAt = delay === undefined ? null : new Date(Date.parse(at) + delay * 1000).toISOString();
    const outcome = 'statusCode' in result ? `HTTP ${result.statusCode}` : result.error;
    const about = describeDelivery(delivery);
    // A delivery that names nothing (an imported state's blank record) is about nothing worth a log line.
    if (about !== undefined && delivery.status === 'failed') logger.warn(`${about} failed for good: ${outcome}`);
    else if (about !== undefined) logger.debug(`${about}, attempt ${delivery.attempts.length}: ${outcome}`);
    // Still in the log (not trimmed or replaced meanwhile): its attempt becomes durable.
    if (log.find(delivery.id) === delivery) {
      stored.save(delivery);
      await applyChange({ written: [delivery.id] });
    }
  };

  const enqueue = (delivery: Delivery): Promise<void> => {
    busy.add(delivery);
    const run = dispatcher.run(delivery.clientId, () => attempt(delivery).finally(() => busy.delete(delivery)));
    underWay.set(delivery, run);
    return run;
  };

  /** Starts the client's deliveries that are due and not yet queued; resolves when they have been tried. */
  const sendDue = (clientId?: string): Promise<void> => {
    // Each delivery is due on its own client's clock.
    const due = log
      .all()
      .filter(
        (delivery) =>
          (clientId === undefined || delivery.clientId === clientId) &&
          delivery.status === 'pending' &&
          !busy.has(delivery) &&
          delivery.nextAttemptAt !== null &&
          Date.parse(delivery.nextAttemptAt) <= worlds.of(delivery.clientId).clock.nowMs(),
      );
    return Promise.all(due.map(enqueue)).then(() => undefined);
  };

  const record = (
    world: World,
    payload: WebhookPayload,
    url: string,
    link: Pick<Delivery, 'duplicateOf' | 'resentFrom'>,
    holdSeconds = 0,
  ): Delivery => {
    const { clientId } = world;
    const nowMs = world.clock.nowMs();
    const now = new Date(nowMs).toISOString();
    const delivery: Delivery = {
      id: deps.random.id('whd'),
      clientId,
      eventId: payload.id,
      type: payload.type,
      url,
      status: 'pending',
      attempts: [],
      nextAttemptAt: new Date(nowMs + holdSeconds * 1000).toISOString(),
      createdAt: now,
      payload: structuredClone(payload),
      ...link,
    };
    stored.save(delivery);
    log.add(delivery);
    return delivery;
  };

  /** Records the deliveries an event causes (none when its client has no endpoint); the first, when there were some. */
  const recordEvent = (event: DomainEvent, worldOf: WorldOf, armed?: ArmedDeliveries): Delivery | undefined => {
    const endpoint = endpoints.get(event.clientId);
    if (!endpoint) return undefined;
    const payload = webhookPayloadOf(event, deps.random.id('evt'));
    if (!payload) return undefined;
    const world = worldOf(event.clientId);
    const policy = world.policy.webhooks;
    const holdSeconds = (armed?.behaviour === 'delayed' ? armed.delayMinutes : policy.delayMinutes) * 60;
    const first = record(world, payload, endpoint.url, {}, holdSeconds);
    const duplicate = policy.duplicateDeliveries || armed?.behaviour === 'duplicated' ? record(world, payload, endpoint.url, { duplicateOf: first.id }, holdSeconds) : undefined;
    if (armed?.behaviour === 'fails') for (const delivery of [first, duplicate]) if (delivery) failingFirst.add(delivery);
    const leg = armed?.behaviour;
    if (leg === 'connect-delay' || leg === 'reset-mid-body') for (const delivery of [first, duplicate]) if (delivery) legFirst.set(delivery, leg);
    causedBy.set(event, duplicate ? [first, duplicate] : [first]);
    return first;
  };

  /** Whether an event causes deliveries: its client has an endpoint, and it is a status change a webhook tells. */
  const causesDeliveries = (event: DomainEvent) => endpoints.has(event.clientId) && isWebhookEvent(event);

  /** The armed behaviour of each client's deliveries in one change, taken once per client (src/armed/). */
  const armedOfChange = (events: readonly DomainEvent[], worldOf: WorldOf): Map<string, ArmedDeliveries> => {
    const armed = new Map<string, ArmedDeliveries>();
    if (!options.arming) return armed;
    const asked = new Set<string>();
    for (const event of events) {
      if (asked.has(event.clientId) || !causesDeliveries(event)) continue;
      asked.add(event.clientId);
      const taken = options.arming.take(worldOf(event.clientId));
      if (taken) armed.set(event.clientId, taken);
    }
    return armed;
  };

  /**
   * Deliveries go out in the order they are recorded: a client's `outOfOrder` scenario, or an armed outcome, reverses
   * its events of one change.
   */
  const inRecordingOrder = (events: readonly DomainEvent[], armed: ReadonlyMap<string, ArmedDeliveries>, worldOf: WorldOf): readonly DomainEvent[] => {
    const reversing = (event: DomainEvent) =>
      causesDeliveries(event) && (worldOf(event.clientId).policy.webhooks.outOfOrder || armed.get(event.clientId)?.behaviour === 'out-of-order');
    const reversed = events.filter(reversing).reverse();
    let next = 0;
    return events.map((event) => (reversing(event) ? (reversed[next++] as DomainEvent) : event));
  };

  const guarded = (what: string, run: () => void) => {
    try {
      run();
    } catch (error) {
      logger.error(`webhook of ${what} not recorded: ${String((error as Error)?.stack ?? error)}`);
    }
  };

  // Deliveries a previous run left pending resume at their next attempt time (the first tick sends those due).
  for (const delivery of stored.load(clientIds())) log.add(delivery);

  return {
    stage(events, context) {
      // Part of the change: a delivery that cannot be recorded fails it (store/event-bus.ts), and a change that
      // fails after this takes the recorded deliveries back out of the log (the store takes back their records).
      const before = log.all().slice();
      const worldOf = worldsOfChange(worlds, context.worlds);
      const armed = armedOfChange(events, worldOf);
      const firsts = new Map<string, string>();
      for (const event of inRecordingOrder(events, armed, worldOf)) {
        const recorded = recordEvent(event, worldOf, armed.get(event.clientId));
        if (recorded && !firsts.has(event.clientId)) firsts.set(event.clientId, recorded.id);
        staged.add(event);
      }
      if (context.trace) {
        const known = new Set(before);
        for (const delivery of log.all()) if (!known.has(delivery)) tracedFrom.set(delivery, context.trace);
      }
      for (const [clientId, taken] of armed) taken.fired(firsts.get(clientId) ?? '');
      return () => log.replace(before);
    },
    listener(event) {
      guarded(event.type, () => {
        if (staged.has(event)) return void sendDue(event.clientId);
        // An event nobody staged (a direct call): recorded now, sent once that record is durable.
        if (recordEvent(event, (clientId) => worlds.of(clientId))) void applyChange({ written: [event.type] }).then(() => sendDue(event.clientId), () => undefined);
      });
    },
    attempting: (events) =>
      events.flatMap((event) => causedBy.get(event) ?? []).flatMap((delivery) => {
        const run = busy.has(delivery) ? underWay.get(delivery) : undefined;
        return run ? [run] : [];
      }),
    tick: () => sendDue(),
    idle: () => dispatcher.idle(),
    setEndpoint(clientId, endpoint) {
      if (!endpoint) return void endpoints.delete(clientId);
      const next = rotatedEndpoint(endpoints.get(clientId), endpoint, worlds.of(clientId).clock.nowMs());
      endpoints.set(clientId, next);
      return { ...next };
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
    async resend(deliveryId) {
      const original = log.find(deliveryId);
      const endpoint = original && endpoints.get(original.clientId);
      if (!original || !endpoint) return undefined;
      const copy = record(worlds.of(original.clientId), original.payload, endpoint.url, { resentFrom: original.id });
      await applyChange({ written: [copy.id] });
      void sendDue(copy.clientId);
      return structuredClone(copy);
    },
    reset() {
      log.clear();
      stored.replaceAll(clientIds(), []);
      endpoints = configured();
    },
    endpoints: () => Object.fromEntries([...endpoints].map(([clientId, endpoint]) => [clientId, { ...endpoint }])),
    setEndpoints(next) {
      endpoints = new Map(Object.entries(next).map(([clientId, endpoint]) => [clientId, { ...endpoint }]));
    },
    configuredEndpoints: () => Object.fromEntries(configured()),
    state: (): WebhooksState => ({
      endpoints: Object.fromEntries([...endpoints].map(([clientId, endpoint]) => [clientId, { ...endpoint }])),
      deliveries: structuredClone([...log.all()]),
    }),
    restore(state) {
      endpoints = new Map(Object.entries(state.endpoints).map(([clientId, endpoint]) => [clientId, { ...endpoint }]));
      const deliveries = structuredClone(state.deliveries);
      stored.replaceAll(clientIds(), deliveries);
      log.replace(deliveries);
    },
    reload() {
      log.replace(stored.load(clientIds()));
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

type WorldOf = (clientId: string) => World;

/** The worlds of one change: those its boundary resolved, then each other client's resolved once for the change. */
function worldsOfChange(worlds: Worlds, known: readonly World[] = []): WorldOf {
  const resolved = new Map(known.map((world) => [world.clientId, world]));
  return (clientId) => {
    let world = resolved.get(clientId);
    if (!world) resolved.set(clientId, (world = worlds.of(clientId)));
    return world;
  };
}
