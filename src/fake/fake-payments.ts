/** A seeded payment of an order or of a subscription period, paid from the customer's mobile wallet. */
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

export function seedPayment(context: SeedContext, draft: PaymentDraft): PaymentRecord {
  return paymentRecord({
    id: seededId(context.faker, 'pay'),
    clientId: context.clientId,
    owner: draft.owner,
    amount: draft.amount,
    payerPhone: draft.payerPhone,
    status: draft.status,
    createdAt: draft.createdAt.toISOString(),
    updatedAt: (draft.settledAt ?? draft.createdAt).toISOString(),
  });
}
