/**
 * The webhook events a verifier or `commerce-mock trigger` can make the mock send, by name: the delivery each causes
 * (its type, the status its payload names, and whether it is about an order or a subscription). The one table:
 * the fixtures that make them (provider-states/webhook-fixtures.ts) and the pact written from a client's traffic
 * (traffic/traffic-messages.ts) both read it.
 */

export interface TriggeredWebhook {
  /** The name `trigger` and the provider state `{event} is triggered` take, e.g. `order.paid`. */
  event: string;
  type: 'order.status_changed' | 'payment.status_changed' | 'subscription.status_changed';
  /** The status the payload's `data.status` names. */
  status: string;
  /** What the payload is about: `data.orderId` or `data.subscriptionId`. */
  subject: 'order' | 'subscription';
}

export const TRIGGERED_WEBHOOKS: readonly TriggeredWebhook[] = [
  { event: 'order.paid', type: 'order.status_changed', status: 'PAID', subject: 'order' },
  { event: 'order.failed', type: 'order.status_changed', status: 'FAILED', subject: 'order' },
  { event: 'order.cancelled', type: 'order.status_changed', status: 'CANCELLED', subject: 'order' },
  { event: 'payment.paid', type: 'payment.status_changed', status: 'PAID', subject: 'order' },
  { event: 'payment.failed', type: 'payment.status_changed', status: 'FAILED', subject: 'order' },
  { event: 'payment.cancelled', type: 'payment.status_changed', status: 'CANCELLED', subject: 'order' },
  { event: 'subscription.activated', type: 'subscription.status_changed', status: 'ACTIVE', subject: 'subscription' },
  { event: 'subscription.past_due', type: 'subscription.status_changed', status: 'PAST_DUE', subject: 'subscription' },
  { event: 'subscription.cancelled', type: 'subscription.status_changed', status: 'CANCELLED', subject: 'subscription' },
  { event: 'subscription.payment_failed', type: 'payment.status_changed', status: 'FAILED', subject: 'subscription' },
];

/** The event that causes a delivery of this type, about this subject, naming this status. */
export function triggeredWebhookOf(type: string, status: unknown, subject: TriggeredWebhook['subject']): TriggeredWebhook | undefined {
  return TRIGGERED_WEBHOOKS.find((webhook) => webhook.type === type && webhook.status === status && webhook.subject === subject);
}
