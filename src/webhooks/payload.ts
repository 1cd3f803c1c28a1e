/**
 * Domain event → webhook body (docs/assumptions.md). Only status changes are sent: an order, payment or
 * subscription reaching a new status. Creation is not one: the caller that created the record already holds its
 * PENDING status in the 201 answer, and the event is published before that answer leaves, so a webhook could
 * reach the receiver before the receiver knows the id it names.
 */
import type { DomainEvent } from '../domain/events.ts';
import type { FailureReason } from '../domain/payer-outcomes.ts';
import type { OrderStatus, PaymentStatus, RecordOf, SubscriptionStatus } from '../domain/records.ts';

/** The document's (spec/admin.yaml `Delivery.type`). */
export type WebhookEventType = RecordOf<'webhookDeliveries'>['type'];

export interface OrderStatusData {
  orderId: string;
  status: OrderStatus;
  /** Why the order's payment failed or was cancelled (docs/payer-outcomes.md). */
  failureReason?: FailureReason;
}

export interface PaymentStatusData {
  paymentId: string;
  status: PaymentStatus;
  orderId?: string;
  subscriptionId?: string;
  failureReason?: FailureReason;
}

export interface SubscriptionStatusData {
  subscriptionId: string;
  status: SubscriptionStatus;
}

export interface WebhookPayload {
  /** The webhook event's id (`evt_…`): the same on every attempt, re-send and duplicate; receivers dedupe on it. */
  id: string;
  type: WebhookEventType;
  /** When the change happened (mock clock, ISO 8601). */
  createdAt: string;
  data: OrderStatusData | PaymentStatusData | SubscriptionStatusData;
}

const WEBHOOK_EVENTS: ReadonlySet<DomainEvent['type']> = new Set([
  'order.paid',
  'order.failed',
  'order.cancelled',
  'payment.paid',
  'payment.failed',
  'payment.cancelled',
  'payment.refunded',
  'subscription.activated',
  'subscription.past_due',
  'subscription.cancelled',
]);

/** Whether an event is sent as a webhook (`webhookPayloadOf` gives it a body), without building that body. */
export function isWebhookEvent(event: Pick<DomainEvent, 'type'>): boolean {
  return WEBHOOK_EVENTS.has(event.type);
}

/** The webhook body of an event, or undefined when the event is not sent as a webhook (`isWebhookEvent`). */
export function webhookPayloadOf(event: DomainEvent, id: string): WebhookPayload | undefined {
  const createdAt = event.at;
  switch (event.type) {
    case 'order.paid':
    case 'order.failed':
    case 'order.cancelled':
      return { id, type: 'order.status_changed', createdAt, data: { orderId: event.orderId, status: event.status, ...reasonOf(event) } };
    case 'payment.paid':
    case 'payment.failed':
    case 'payment.cancelled':
    case 'payment.refunded':
      return {
        id,
        type: 'payment.status_changed',
        createdAt,
        data: {
          paymentId: event.paymentId,
          status: event.status,
          ...(event.orderId !== undefined ? { orderId: event.orderId } : {}),
          ...(event.subscriptionId !== undefined ? { subscriptionId: event.subscriptionId } : {}),
          ...reasonOf(event),
        },
      };
    case 'subscription.activated':
    case 'subscription.past_due':
    case 'subscription.cancelled':
      return { id, type: 'subscription.status_changed', createdAt, data: { subscriptionId: event.subscriptionId, status: event.status } };
    default:
      // *.created (see above), tokens and catalogue records.
      return undefined;
  }
}

function reasonOf(event: { failureReason?: FailureReason }): { failureReason?: FailureReason } {
  return event.failureReason ? { failureReason: event.failureReason } : {};
}
