/**
 * The one builder of payment records, used by orders, subscriptions and the seeded dataset (docs/assumptions.md:
 * a payment belongs to exactly one order or subscription), and the payment status each order status implies.
 */
import { paymentMethodForPhone } from '../domain/mobile-wallets.ts';
import type { OrderStatus, PaymentRecord, PaymentStatus } from '../domain/records.ts';

export interface PaymentDraft {
  id: string;
  clientId: string;
  owner: { orderId: string } | { subscriptionId: string };
  amount: number;
  /** The payer's phone: it decides the wallet. */
  payerPhone: string | undefined;
  status: PaymentStatus;
  createdAt: string;
  /** When the payment reached its status; its creation time if omitted. */
  updatedAt?: string;
}

export function paymentRecord(draft: PaymentDraft): PaymentRecord {
  return {
    id: draft.id,
    clientId: draft.clientId,
    ...draft.owner,
    amount: draft.amount,
    currency: 'MZN',
    method: paymentMethodForPhone(draft.payerPhone),
    status: draft.status,
    createdAt: draft.createdAt,
    updatedAt: draft.updatedAt ?? draft.createdAt,
  };
}

/**
 * The payment status each order status implies: the same word for every final state, because public integrations
 * read the status of the order and of its payment from one answer and refuse it when they disagree.
 */
export const PAYMENT_STATUS_OF_ORDER: Readonly<Record<OrderStatus, PaymentStatus>> = {
  PENDING: 'PENDING',
  PAID: 'PAID',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
};
