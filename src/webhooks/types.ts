/** The webhooks service as the app and the admin API see it, and what it keeps in snapshots. */
import type { EventListener } from '../core/events.ts';
import type { PolicyOfClient } from '../core/policy.ts';
import type { Logger } from '../log.ts';
import type { Delivery, DeliveryFilter } from './delivery-log.ts';
import type { Send } from './http-send.ts';
import type { RetrySchedule } from './retry-schedule.ts';

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

/** What snapshots and exports keep: every endpoint (with its secret) and the remembered deliveries, oldest first. */
export interface WebhooksState {
  endpoints: Record<string, WebhookEndpoint>;
  deliveries: Delivery[];
}

export interface Webhooks {
  /** Subscribed to the app's event bus. */
  listener: EventListener;
  /** Sends the deliveries whose next attempt is due on the mock clock; resolves once they are done. */
  tick(): Promise<void>;
  /** null removes the client's endpoint; its pending deliveries then fail at their next attempt. */
  setEndpoint(clientId: string, endpoint: WebhookEndpoint | null): void;
  endpoint(clientId: string): WebhookEndpoint | undefined;
  /** Newest first (copies). */
  deliveries(filter?: DeliveryFilter): Delivery[];
  delivery(id: string): Delivery | undefined;
  /** A new delivery of the same payload (same event id), attempted now; undefined when the delivery is unknown or its client has no endpoint. */
  resend(deliveryId: string): Delivery | undefined;
  /** Deliveries forgotten, endpoints back to the configuration. */
  reset(): void;
  state(): WebhooksState;
  restore(state: WebhooksState): void;
}

export interface WebhooksOptions {
  policyOf: PolicyOfClient;
  logger: Logger;
  /** How a request goes out; real HTTP by default. */
  send?: Send;
  retries?: Partial<RetrySchedule>;
  /** How many deliveries are remembered (default 1,000). */
  maxDeliveries?: number;
  /** Real milliseconds a receiver has to answer (default 5,000). */
  timeoutMs?: number;
}
