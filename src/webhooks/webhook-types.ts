/** The webhooks service as the app and the admin API see it, and what it keeps in snapshots. */
import type { World } from '../deps/world.ts';
import type { ApplyChange } from '../store/apply-change.ts';
import type { ChangeContext } from '../store/event-bus.ts';
import type { DomainEvent, EventListener } from '../domain/events.ts';
import type { Worlds } from '../deps/world.ts';
import type { TraceHeaders } from '../domain/trace-headers.ts';
import type { WebhookEndpoint, WebhookEndpointInput } from '../domain/webhook-endpoint.ts';
import type { Logger } from '../platform/log.ts';
import type { Delivery, DeliveryFilter } from './delivery-log.ts';
import type { Send, SendResult } from './http-send.ts';
import type { ReceiverLeg } from './leg-send.ts';
import type { RetrySchedule } from './retry-schedule.ts';

export type { WebhookEndpoint, WebhookEndpointInput } from '../domain/webhook-endpoint.ts';

/** What snapshots and exports keep: every endpoint (with its secret) and the remembered deliveries, oldest first. */
export interface WebhooksState {
  endpoints: Record<string, WebhookEndpoint>;
  deliveries: Delivery[];
}

export interface Webhooks {
  /**
   * The outbox: records the deliveries of events whose change is about to commit (in the same commit). Throws when
   * one cannot be recorded; returns how to take the recorded ones back out of the log if the change fails later.
   */
  stage(events: readonly DomainEvent[], context: ChangeContext): () => void;
  /** Subscribed to the app's event bus: sends what `stage` recorded (or records and sends an unstaged event). */
  listener: EventListener;
  /**
   * Starts the deliveries whose next attempt is due on the mock clock, in the background; the promise resolves
   * once they were tried (tests wait on it; the clock never does).
   */
  tick(): Promise<void>;
  /**
   * The attempts under way (queued or in flight) of the deliveries these events caused, each settling once it was
   * made: none when the events caused no delivery, or none that is due yet. An armed `webhook.before-reply` holds
   * the request's answer until they settle (src/armed/armed-requests.ts).
   */
  attempting(events: readonly DomainEvent[]): Promise<void>[];
  /** Resolves once no attempt is queued or in flight. */
  idle(): Promise<void>;
  /**
   * null removes the client's endpoint; its pending deliveries then fail at their next attempt. A new secret of
   * the same format starts a rotation (secret-rotation.ts). Answers the endpoint now in use.
   */
  setEndpoint(clientId: string, endpoint: WebhookEndpointInput | null): WebhookEndpoint | undefined;
  endpoint(clientId: string): WebhookEndpoint | undefined;
  /** Newest first (copies). */
  deliveries(filter?: DeliveryFilter): Delivery[];
  delivery(id: string): Delivery | undefined;
  /** A new delivery of the same payload (same event id), attempted now; undefined when the delivery is unknown or its client has no endpoint. */
  resend(deliveryId: string): Promise<Delivery | undefined>;
  /** Deliveries forgotten, endpoints back to the configuration. */
  reset(): void;
  /** Every client's endpoint (secrets included), and the same as the configuration sets them. */
  endpoints(): Record<string, WebhookEndpoint>;
  configuredEndpoints(): Record<string, WebhookEndpoint>;
  setEndpoints(endpoints: Record<string, WebhookEndpoint>): void;
  state(): WebhooksState;
  /** Endpoints and deliveries replaced (the stored deliveries too). */
  restore(state: WebhooksState): void;
  /** Deliveries read again from the store (after the store was replaced). */
  reload(): void;
}

export interface WebhooksOptions {
  /** Each client's world (world/worlds.ts): its clock stamps and times its deliveries, its policy shapes them. */
  worlds: Worlds;
  logger: Logger;
  /** How a request goes out; real HTTP by default. */
  send?: Send;
  /** The app's one way to make a change durable (by default a commit of `deps.store`, no events). */
  applyChange?: ApplyChange;
  retries?: Partial<RetrySchedule>;
  /** How many deliveries are remembered (default 1,000). */
  maxDeliveries?: number;
  /** Clients whose attempts may run at once (default 4). */
  concurrency?: number;
  /** Real milliseconds a receiver has to answer (default 5,000). */
  timeoutMs?: number;
  /** Told of each attempt once it is settled (the outcome coverage): a copy, with the attempt last. */
  onAttempt?: (delivery: Delivery, world: World) => void;
  /** What an armed outcome (src/armed/) makes of a client's deliveries, beyond its scenario's policy; none by default. */
  arming?: DeliveryArming;
  /**
   * A span per attempt (src/tracing/, when tracing is on), child of the request whose change caused the delivery
   * (`parent`, its trace context): the `traceparent` (and `tracestate`) headers the receiver gets, and how to end the span.
   */
  traceAttempt?: (parent: TraceHeaders | undefined, delivery: Delivery) => { headers: TraceHeaders; end(outcome: SendResult & { durationMs: number }): void };
  /** Real milliseconds an armed `webhook.connect-delay` waits before connecting (the mock's hold; default 30,000). */
  connectDelayMs?: number;
  /**
   * What the client's network profile (src/armed/) does to an attempt's connection, asked for each attempt that no
   * armed outcome decided; none by default.
   */
  legOf?: (delivery: Delivery, world: World) => ProfileLeg | undefined;
}

/** An attempt's connection as a network profile has it: delayed or cut mid-body, by `profile` (`name@stage`). */
export interface ProfileLeg {
  leg: ReceiverLeg;
  profile: string;
}

/** A behaviour an armed outcome gives the deliveries of one change of a client. */
export type ArmedDeliveryBehaviour = 'fails' | 'duplicated' | 'delayed' | 'out-of-order' | 'connect-delay' | 'reset-mid-body';

/**
 * The deliveries of one change of a client, as an armed outcome has them behave: the first attempt of each fails
 * without being sent, each is sent twice, each waits `delayMinutes` on the client's clock, they go out in reverse, or
 * the first attempt of each connects late or is reset half-way through its body (webhooks/leg-send.ts).
 */
export interface ArmedDeliveries {
  behaviour: ArmedDeliveryBehaviour;
  delayMinutes: number;
  /** Counts the arm down, written with the change's deliveries (the first one's id names it). */
  fired(deliveryId: string): void;
}

export interface DeliveryArming {
  /** Asked once per change and client whose change causes deliveries; undefined: nothing armed. */
  take(world: World): ArmedDeliveries | undefined;
}

declare module '../store/event-bus.ts' {
  interface ChangeContext {
    /** The trace context of the request that made the change (tracing on): the parent of its deliveries' attempts. */
    trace?: TraceHeaders;
  }
}
