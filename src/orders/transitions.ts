/**
 * The order state machine (docs/assumptions.md): PENDING → PAID | FAILED | CANCELLED, the three final. A move
 * takes the order's payment along and yields the events it caused; a final order does not move.
 */
import type { MoveTrigger, OrderEvent, PaymentEvent } from '../domain/events.ts';
import type { ArmedStep } from '../domain/policy.ts';
import { defaultReasonCode, failureReason, type FailureCode, type FailureReason } from '../domain/payer-outcomes.ts';
import type { OrderRecord, OrderStatus, PaymentMethod, PaymentRecord } from '../domain/records.ts';
import { paymentMethodForPhone } from '../domain/mobile-wallets.ts';
import { PAYMENT_STATUS_OF_ORDER } from './payment-record.ts';

export type FinalStatus = Exclude<OrderStatus, 'PENDING'>;

export function isFinal(status: OrderStatus): boolean {
  return status !== 'PENDING';
}

export interface OrderMove {
  order: OrderRecord;
  payment: PaymentRecord | undefined;
  events: Array<OrderEvent | PaymentEvent>;
}

const ORDER_EVENT: Record<FinalStatus, OrderEvent['type']> = {
  PAID: 'order.paid',
  FAILED: 'order.failed',
  CANCELLED: 'order.cancelled',
};

const PAYMENT_EVENT: Record<PaymentRecord['status'], PaymentEvent['type'] | undefined> = {
  PENDING: undefined,
  PAID: 'payment.paid',
  FAILED: 'payment.failed',
  CANCELLED: 'payment.cancelled',
  REFUNDED: 'payment.refunded',
};

/**
 * Who paid (or tried to), when the payer acted on the checkout page: the payment then records the wallet they
 * used, not the one guessed from the customer's phone when the order was placed. The method defaults to the
 * phone's wallet.
 */
export interface Payer {
  phone: string;
  method?: PaymentMethod;
}

/** How a move came about: who paid (checkout page), who or what moved it, and why a failure or cancellation happened. */
export interface MoveCause {
  payer?: Payer;
  /** Who or what moved the order: carried by its event (`trigger`). */
  trigger?: MoveTrigger;
  /** The payment's failure reason; a failure or cancellation without one gets the generic reason of its status. */
  reason?: FailureCode;
  /** The armed outcome that made the move (src/armed/): its event names it, the move counts it down. */
  armed?: ArmedStep;
}

/** Move a pending order (and its payment) to a final status; `undefined` when it cannot move. */
export function moveOrder(
  order: OrderRecord,
  payment: PaymentRecord | undefined,
  status: FinalStatus,
  at: string,
  cause: MoveCause = {},
): OrderMove | undefined {
  if (isFinal(order.status)) return undefined;
  const moved: OrderRecord = { ...order, status, updatedAt: at, statusHistory: [...order.statusHistory, { status, at }] };
  const orderEvent: OrderEvent = {
    type: ORDER_EVENT[status],
    clientId: order.clientId,
    at,
    orderId: order.id,
    status,
    ...(cause.trigger && { trigger: cause.trigger }),
    ...(cause.armed && { armed: cause.armed.outcome }),
  };
  if (!payment || payment.status !== 'PENDING') return { order: moved, payment: undefined, events: [orderEvent] };
  const paid: PaymentRecord = { ...payment, ...payerFields(cause.payer), status: PAYMENT_STATUS_OF_ORDER[status], updatedAt: at };
  const reason = status === 'PAID' ? undefined : failureReason(cause.reason ?? defaultReasonCode(status), paid.method);
  const settled: PaymentRecord = reason ? { ...paid, failureReason: reason } : paid;
  const events: OrderMove['events'] = [{ ...orderEvent, ...withReason(reason) }];
  const paymentEvent = PAYMENT_EVENT[settled.status];
  if (paymentEvent) {
    events.push({ type: paymentEvent, clientId: order.clientId, at, paymentId: settled.id, status: settled.status, orderId: order.id, ...withReason(reason) });
  }
  return { order: moved, payment: settled, events };
}

function withReason(reason: FailureReason | undefined): { failureReason?: FailureReason } {
  return reason ? { failureReason: reason } : {};
}

/** The payer's wallet and number (`_payerPhone` is bookkeeping: kept in the store, never in an API answer). */
function payerFields(payer: Payer | undefined): Partial<PaymentRecord> {
  if (!payer) return {};
  return { method: payer.method ?? paymentMethodForPhone(payer.phone), _payerPhone: payer.phone };
}
