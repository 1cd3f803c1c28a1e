/**
 * The webhooks the merchant app expects (Pact asynchronous messages): an order that becomes PAID, FAILED or
 * CANCELLED, a payment that becomes PAID, a subscription that becomes ACTIVE or PAST_DUE. Each names, as its
 * provider state, the `commerce-mock trigger` event that makes the mock send it.
 */
import type { PactV4 } from '@pact-foundation/pact';
import { id, instant } from '../matchers.ts';
import type { StatusUpdate } from '../merchant-webhooks.ts';

export interface WebhookCase {
  description: string;
  /** The trigger event (provider state `{event} is triggered`). */
  event: string;
  content: Record<string, unknown>;
  /** What the merchant records from the example message. */
  expected: Omit<StatusUpdate, 'eventId'>;
}

const EVENT_ID = 'evt_4fQ9x2LrT0aZ8mKcP1sD';
const ORDER_ID = 'ord_Yb3kP9sLq2';
const SUBSCRIPTION_ID = 'sub_4Nc8VbX2mK';

function envelope(type: string, data: Record<string, unknown>) {
  return { id: id('evt', EVENT_ID), type, createdAt: instant(), data };
}

function orderCase(event: string, status: string): WebhookCase {
  return {
    description: `an order.status_changed webhook: the order is ${status}`,
    event,
    content: envelope('order.status_changed', { orderId: id('ord', ORDER_ID), status }),
    expected: { record: 'order', id: ORDER_ID, status },
  };
}

export const webhookCases: WebhookCase[] = [
  orderCase('order.paid', 'PAID'),
  orderCase('order.failed', 'FAILED'),
  orderCase('order.cancelled', 'CANCELLED'),
  {
    description: "a payment.status_changed webhook: an order's payment is PAID",
    event: 'payment.paid',
    content: envelope('payment.status_changed', { paymentId: id('pay', 'pay_8Kd2Lm4Qx7'), status: 'PAID', orderId: id('ord', ORDER_ID) }),
    expected: { record: 'payment', id: 'pay_8Kd2Lm4Qx7', status: 'PAID', parent: ORDER_ID },
  },
  {
    description: 'a subscription.status_changed webhook: the subscription is ACTIVE',
    event: 'subscription.activated',
    content: envelope('subscription.status_changed', { subscriptionId: id('sub', SUBSCRIPTION_ID), status: 'ACTIVE' }),
    expected: { record: 'subscription', id: SUBSCRIPTION_ID, status: 'ACTIVE' },
  },
  {
    description: 'a subscription.status_changed webhook: the subscription is PAST_DUE',
    event: 'subscription.past_due',
    content: envelope('subscription.status_changed', { subscriptionId: id('sub', SUBSCRIPTION_ID), status: 'PAST_DUE' }),
    expected: { record: 'subscription', id: SUBSCRIPTION_ID, status: 'PAST_DUE' },
  },
];

export function declareWebhook(pact: PactV4, contract: WebhookCase) {
  return pact
    .addAsynchronousInteraction()
    .given(`${contract.event} is triggered`, { event: contract.event })
    .expectsToReceive(contract.description, (message) => {
      message.withJSONContent(contract.content).withMetadata({ contentType: 'application/json' });
    });
}
