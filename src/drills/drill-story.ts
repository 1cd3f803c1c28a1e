/**
 * The events a drill sends, made in memory and never stored: an order placed, then paid (the order and its
 * payment become PAID); a subscription whose charge failed (PAST_DUE), then recovered (the next charge PAID, the
 * subscription ACTIVE again). They are the domain events the mock's own flows publish, turned into bodies by the
 * webhooks' payload builder, so a drill's body is byte for byte what the mock sends for such a change; nothing of
 * the client's (records, endpoint, deliveries) is read or written.
 */
import type { Faker } from '@faker-js/faker';
import type { OrderEvent, PaymentEvent, SubscriptionEvent } from '../domain/events.ts';
import { failureReason } from '../domain/payer-outcomes.ts';
import { seededId } from '../platform/random.ts';
import { webhookPayloadOf, type WebhookPayload } from '../webhooks/payload.ts';

/** A change of the story: a domain event without its client and instant, and how long before the drill it happened. */
export type StoryChange = (Omit<OrderEvent, 'clientId' | 'at'> | Omit<PaymentEvent, 'clientId' | 'at'> | Omit<SubscriptionEvent, 'clientId' | 'at'>) & {
  /** Mock-clock seconds between the change and the drill's start. */
  ageSeconds: number;
};

export interface DrillStory {
  orderPaid: StoryChange;
  orderPaymentPaid: StoryChange;
  chargeFailed: StoryChange;
  pastDue: StoryChange;
  chargePaid: StoryChange;
  recovered: StoryChange;
}

/** How old the `delayed` case's change is on the mock clock: two hours, far past any signature tolerance. */
export const DELAYED_AGE_SECONDS = 7200;

export function drillStory(faker: Faker): DrillStory {
  const orderId = seededId(faker, 'ord');
  const subscriptionId = seededId(faker, 'sub');
  return {
    orderPaid: { type: 'order.paid', orderId, status: 'PAID', ageSeconds: 60 },
    orderPaymentPaid: { type: 'payment.paid', paymentId: seededId(faker, 'pay'), orderId, status: 'PAID', ageSeconds: 60 },
    chargeFailed: {
      type: 'payment.failed',
      paymentId: seededId(faker, 'pay'),
      subscriptionId,
      status: 'FAILED',
      failureReason: failureReason('INSUFFICIENT_BALANCE', 'mpesa'),
      ageSeconds: DELAYED_AGE_SECONDS,
    },
    pastDue: { type: 'subscription.past_due', subscriptionId, status: 'PAST_DUE', ageSeconds: 40 },
    chargePaid: { type: 'payment.paid', paymentId: seededId(faker, 'pay'), subscriptionId, status: 'PAID', ageSeconds: 20 },
    recovered: { type: 'subscription.activated', subscriptionId, status: 'ACTIVE', ageSeconds: 20 },
  };
}

/** The webhook body of a change, as the mock sends it; `startedMs` is the drill's start on the mock clock. */
export function storyPayload(change: StoryChange, eventId: string, clientId: string, startedMs: number): WebhookPayload {
  const { ageSeconds, ...event } = change;
  const payload = webhookPayloadOf({ ...event, clientId, at: new Date(startedMs - ageSeconds * 1000).toISOString() }, eventId);
  // Every change of the story is a status change, which the payload builder always turns into a body.
  if (!payload) throw new Error(`a drill change (${change.type}) has no webhook body`);
  return payload;
}

/** The record a change is about (the order, payment or subscription id). */
export function recordOf(change: StoryChange): string {
  if ('paymentId' in change) return change.paymentId;
  return 'orderId' in change ? change.orderId : change.subscriptionId;
}
