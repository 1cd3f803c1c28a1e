/**
 * Domain events: what changed, as plain values. A flow returns the events its state change caused; the app's
 * event bus delivers them once the write is durable (webhooks, the request journal and QA tools listen).
 */
import type { FailureReason } from './payer-outcomes.ts';
import type { OrderStatus, PaymentStatus, SubscriptionStatus } from './records.ts';

interface EventBase {
  /** The client whose records changed. */
  clientId: string;
  /** Mock-clock instant of the change (ISO 8601). */
  at: string;
}

/**
 * Who or what moved an order (an order's story tells it, src/state/status-causes.ts): a status poll that made a step
 * due, a timed step of its progression, a scenario rule, the admin API, a button of the checkout page, the payer's
 * answer on the phone, or the payer's wallet refusing the checkout page's push.
 */
export type MoveTrigger =
  | { by: 'poll'; polls: number }
  | { by: 'progression'; afterSeconds: number }
  | { by: 'payer'; answer: 'pin' | 'cancel' }
  | { by: 'scenario' | 'admin' | 'checkout' | 'wallet' };

export interface OrderEvent extends EventBase {
  type: 'order.created' | 'order.paid' | 'order.failed' | 'order.cancelled';
  orderId: string;
  status: OrderStatus;
  /** Why its payment failed or was cancelled. */
  failureReason?: FailureReason;
  /** Who or what moved it, when the mover said. */
  trigger?: MoveTrigger;
  /** The outcome armed for the client that ended it so (src/armed/), by its catalogue id. */
  armed?: string;
}

export interface PaymentEvent extends EventBase {
  type: 'payment.created' | 'payment.paid' | 'payment.failed' | 'payment.cancelled' | 'payment.refunded';
  paymentId: string;
  status: PaymentStatus;
  orderId?: string;
  subscriptionId?: string;
  failureReason?: FailureReason;
}

export interface SubscriptionEvent extends EventBase {
  type: 'subscription.created' | 'subscription.activated' | 'subscription.past_due' | 'subscription.cancelled';
  subscriptionId: string;
  status: SubscriptionStatus;
}

export interface TokenEvent extends EventBase {
  type: 'token.issued' | 'token.revoked';
  tokenId: string;
  kind: 'access' | 'refresh';
}

export interface RecordEvent extends EventBase {
  type: 'product.created' | 'product.updated' | 'customer.created' | 'customer.updated' | 'plan.created' | 'plan.updated';
  recordId: string;
}

export type DomainEvent = OrderEvent | PaymentEvent | SubscriptionEvent | TokenEvent | RecordEvent;

export type DomainEventType = DomainEvent['type'];

export type EventListener = (event: DomainEvent) => void;
