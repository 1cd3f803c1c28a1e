/** A seeded payment of an order or of a subscription period, paid from the customer's mobile wallet. */
import { PAYER_OUTCOMES, failureReason, type FailureCode } from '../domain/payer-outcomes.ts';
import type { PaymentRecord, PaymentStatus } from '../domain/records.ts';
import { paymentRecord } from '../orders/payment-record.ts';
import { seededId } from '../platform/random.ts';
import type { SeedContext } from './seed-context.ts';

export interface PaymentDraft {
  owner: { orderId: string } | { subscriptionId: string };
  amount: number;
  payerPhone: string | undefined;
  status: PaymentStatus;
  createdAt: Date;
  /** When the payment reached its status; its creation time if it is still pending. */
  settledAt?: Date;
}

/** The catalogue's failures a seeded failed payment may carry (docs/payer-outcomes.md). */
const SEEDED_FAILURES = PAYER_OUTCOMES.flatMap((outcome) => (outcome.status === 'FAILED' && outcome.reason ? [outcome.reason] : []));

export function seedPayment(context: SeedContext, draft: PaymentDraft): PaymentRecord {
  const payment = paymentRecord({
    id: seededId(context.faker, 'pay'),
    clientId: context.clientId,
    owner: draft.owner,
    amount: draft.amount,
    payerPhone: draft.payerPhone,
    status: draft.status,
    createdAt: draft.createdAt.toISOString(),
    updatedAt: (draft.settledAt ?? draft.createdAt).toISOString(),
  });
  const reason = reasonOf(payment);
  return reason ? { ...payment, failureReason: failureReason(reason, payment.method) } : payment;
}

/**
 * Why a seeded payment failed or was cancelled: a cancelled one was declined by the payer, a failed one has one of
 * the catalogue's failures, picked from its id so the dataset's draws (and so every other record) stay as they are.
 */
function reasonOf(payment: PaymentRecord): FailureCode | undefined {
  if (payment.status === 'CANCELLED') return 'PAYER_CANCELLED';
  if (payment.status !== 'FAILED') return undefined;
  const pick = [...payment.id].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  return SEEDED_FAILURES[pick % SEEDED_FAILURES.length];
}
