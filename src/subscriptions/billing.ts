/**
 * Subscription billing on the mock clock (docs/assumptions.md), the rule: from a subscription and its latest
 * charge (the payment `_paymentId` names), the next thing that happens to it and the instant it happens.
 *
 * - A PENDING charge comes due at its payment's `createdAt`; its outcome is decided `chargeAfterSeconds` later
 *   (the payer confirming on the phone). Attempt n of a period (n = failed attempts so far + 1) fails when the
 *   policy's `failingAttempts` is `all` or lists n.
 * - After a FAILED charge the retry comes due `retryAfterSeconds` later; its payment is created at that instant,
 *   not at the failure (a payment never carries a `createdAt` ahead of the clock).
 * - After a PAID charge the next period begins at `currentPeriodEnd`, charged at that boundary. One charge is in
 *   flight at a time: while a period's charge is unpaid (PENDING, or PAST_DUE between retries) the boundary waits,
 *   so `attempts` always counts the failures of one period. The calendar never slides: a retry paid after the
 *   boundary starts the next period at the old end all the same, charged the instant the retry was paid.
 * - The payer's number (src/domain/payer-outcomes.ts), when the policy lets it decide, chooses how each charge
 *   ends: failed or cancelled with its reason when the charge is decided, failed when the prompt expires, paid
 *   after the slow-success delay, or never decided (stuck). A cancelled charge is retried like a failed one.
 * - A CANCELLED subscription is never charged again.
 */
import type { FailureCode, PayerOutcome } from '../domain/payer-outcomes.ts';
import { DEFAULT_PAYER, type BillingPolicy } from '../domain/policy.ts';
import type { PaymentRecord, SubscriptionRecord } from '../domain/records.ts';

/** What billing reads of a subscription. */
export type BillingState = Pick<SubscriptionRecord, 'status' | 'attempts' | 'currentPeriodStart' | 'currentPeriodEnd'>;

/** What billing reads of the latest charge. */
export type Charge = Pick<PaymentRecord, 'status' | 'createdAt' | 'updatedAt'>;

export type BillingStep =
  /** The pending charge is decided: paid, or failed (cancelled) with a reason (the generic one when absent). */
  | { kind: 'settle'; atMs: number; paid: boolean; reason?: FailureCode }
  /** A new pending charge for the current period: a retry, or the first charge of a record that has none. */
  | { kind: 'charge'; atMs: number }
  /** The next period begins, with its pending charge. */
  | { kind: 'renew'; atMs: number };

/**
 * The next billing step of a subscription, whether or not it is due yet; `undefined` once it is cancelled, or
 * while a charge is stuck. `payer` is the catalogue row of the payer's number, if it has one.
 */
export function nextBillingStep(subscription: BillingState, charge: Charge | undefined, policy: BillingPolicy, payer?: PayerOutcome): BillingStep | undefined {
  if (subscription.status === 'CANCELLED') return undefined;
  // A record stored before billing existed with no payment at all: its period's charge comes due at its start.
  if (!charge) return { kind: 'charge', atMs: Date.parse(subscription.currentPeriodStart) };
  switch (charge.status) {
    case 'PENDING':
      if (payer && policy.payer?.numbers) return payerSettles(charge, policy, payer);
      return {
        kind: 'settle',
        atMs: Date.parse(charge.createdAt) + policy.chargeAfterSeconds * 1000,
        paid: !attemptFails(policy, subscription.attempts + 1),
      };
    case 'FAILED':
    case 'CANCELLED':
      return { kind: 'charge', atMs: Date.parse(charge.updatedAt) + policy.retryAfterSeconds * 1000 };
    // PAID, or REFUNDED after it was paid: the period was settled, the next one is charged at its boundary.
    default:
      return { kind: 'renew', atMs: Math.max(Date.parse(subscription.currentPeriodEnd), Date.parse(charge.updatedAt)) };
  }
}

/** Whether attempt `attempt` (counted from 1 within a period) fails under the policy. */
export function attemptFails(policy: BillingPolicy, attempt: number): boolean {
  const failing = policy.failingAttempts;
  if (failing === 'all') return true;
  if (failing === 'none') return false;
  return failing.includes(attempt);
}

/** How the payer's number decides a pending charge: at its time, with its reason; never while it is stuck. */
function payerSettles(charge: Charge, policy: BillingPolicy, payer: PayerOutcome): BillingStep | undefined {
  if (payer.status === undefined || payer.timing === 'never') return undefined;
  const times = policy.payer ?? DEFAULT_PAYER;
  const delay = { answer: policy.chargeAfterSeconds, expiry: times.promptExpirySeconds, slow: times.slowSuccessSeconds }[payer.timing];
  const atMs = Date.parse(charge.createdAt) + delay * 1000;
  return payer.status === 'PAID' ? { kind: 'settle', atMs, paid: true } : { kind: 'settle', atMs, paid: false, ...(payer.reason && { reason: payer.reason }) };
}
