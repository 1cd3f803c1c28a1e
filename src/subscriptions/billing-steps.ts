/**
 * Billing steps applied, as values: the subscription after the step, the payment it created or settled, and the
 * events it caused, all stamped with the step's own instant (not "now"). `updatedAt` moves when something a client
 * sees changes (status, attempts, period); a new retry payment alone changes only bookkeeping.
 */
import type { PaymentEvent, SubscriptionEvent } from '../domain/events.ts';
import { FAILURE_REASONS, failureReason, type FailureCode } from '../domain/payer-outcomes.ts';
import type { PaymentRecord, PlanRecord, SubscriptionRecord, SubscriptionStatus } from '../domain/records.ts';
import { paymentRecord } from '../orders/payment-record.ts';
import type { BillingStep } from './billing.ts';
import { anchorDayOf, periodEnd } from './periods.ts';

export interface BillingContext {
  plan: Pick<PlanRecord, 'price' | 'interval' | 'intervalCount'>;
  /** The payer's phone: it decides the wallet of a new charge. */
  payerPhone: string | undefined;
  newPaymentId: () => string;
}

export interface SteppedSubscription {
  subscription: SubscriptionRecord;
  /** The charge the step created or settled; it is the subscription's `_paymentId` afterwards. */
  payment: PaymentRecord;
  events: Array<PaymentEvent | SubscriptionEvent>;
}

const STATUS_EVENT: Record<SubscriptionStatus, SubscriptionEvent['type'] | undefined> = {
  PENDING: undefined,
  ACTIVE: 'subscription.activated',
  PAST_DUE: 'subscription.past_due',
  CANCELLED: 'subscription.cancelled',
};

/** Apply `step` to a subscription; `charge` is its latest charge (required to settle). */
export function applyBillingStep(
  subscription: SubscriptionRecord,
  charge: PaymentRecord | undefined,
  step: BillingStep,
  context: BillingContext,
): SteppedSubscription {
  const at = new Date(step.atMs).toISOString();
  if (step.kind === 'settle') {
    if (!charge) throw new Error(`subscription ${subscription.id}: nothing to settle`);
    return settle(subscription, charge, step, at);
  }
  const period =
    step.kind === 'renew'
      ? {
          currentPeriodStart: subscription.currentPeriodEnd,
          currentPeriodEnd: periodEnd(new Date(subscription.currentPeriodEnd), context.plan, anchorDayOf(subscription)).toISOString(),
        }
      : {};
  const payment = paymentRecord({
    id: context.newPaymentId(),
    clientId: subscription.clientId,
    owner: { subscriptionId: subscription.id },
    amount: context.plan.price,
    payerPhone: context.payerPhone,
    status: 'PENDING',
    createdAt: at,
  });
  return {
    subscription: { ...subscription, ...period, ...(step.kind === 'renew' && { updatedAt: at }), _paymentId: payment.id },
    payment,
    events: [paymentEvent('payment.created', payment, at)],
  };
}

function settle(subscription: SubscriptionRecord, charge: PaymentRecord, step: { paid: boolean; reason?: FailureCode }, at: string): SteppedSubscription {
  const { paid } = step;
  const reason = step.reason ?? 'PAYMENT_FAILED';
  const payment: PaymentRecord = paid
    ? { ...charge, status: 'PAID', updatedAt: at }
    : { ...charge, status: FAILURE_REASONS[reason].status, failureReason: failureReason(reason, charge.method), updatedAt: at };
  const attempts = paid ? 0 : subscription.attempts + 1;
  const status: SubscriptionStatus = paid ? 'ACTIVE' : attempts >= subscription.maxAttempts ? 'CANCELLED' : 'PAST_DUE';
  const changed = status !== subscription.status || attempts !== subscription.attempts;
  const events: SteppedSubscription['events'] = [paymentEvent(paid ? 'payment.paid' : SETTLED_EVENT[FAILURE_REASONS[reason].status], payment, at)];
  const statusEvent = status === subscription.status ? undefined : STATUS_EVENT[status];
  if (statusEvent) events.push({ type: statusEvent, clientId: subscription.clientId, at, subscriptionId: subscription.id, status });
  return {
    subscription: { ...subscription, status, attempts, ...(changed && { updatedAt: at }), _paymentId: payment.id },
    payment,
    events,
  };
}

const SETTLED_EVENT = { FAILED: 'payment.failed', CANCELLED: 'payment.cancelled' } as const;

function paymentEvent(type: PaymentEvent['type'], payment: PaymentRecord, at: string): PaymentEvent {
  return {
    type,
    clientId: payment.clientId,
    at,
    paymentId: payment.id,
    status: payment.status,
    subscriptionId: payment.subscriptionId,
    ...(payment.failureReason && { failureReason: payment.failureReason }),
  };
}
