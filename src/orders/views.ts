/**
 * What a client sees of an order. Links point at the mock itself (its hosted checkout page) and are built when
 * a response is written, from the base URL the caller reached, so stored orders never carry a host or a port.
 */
import type { OrderRecord, PaymentRecord } from '../domain/records.ts';
import { toPublic } from '../domain/public-view.ts';

export function checkoutUrl(baseUrl: string, orderId: string): string {
  return `${baseUrl}/checkout/${encodeURIComponent(orderId)}`;
}

export function orderView(order: OrderRecord, baseUrl: string): Record<string, unknown> {
  return { ...toPublic(order), checkout: checkoutUrl(baseUrl, order.id) };
}

/**
 * The create-order answer: public integrations read `orderId` at the top level or in `data`, and `checkout` at
 * the top level, so both are given beside the envelope (an `x-assumed` of spec/openapi.yaml).
 */
export function createdOrderBody(order: OrderRecord, baseUrl: string): Record<string, unknown> {
  const data = orderView(order, baseUrl);
  return { data, orderId: order.id, checkout: data['checkout'] };
}

export interface StatusView {
  orderId: string;
  status: OrderRecord['status'];
  amount: number;
  currency: 'MZN';
  updatedAt: string;
  order: { id: string; orderId: string; status: OrderRecord['status']; amount: number };
  payment?: Pick<PaymentRecord, 'id' | 'status' | 'amount' | 'currency' | 'method' | 'failureReason'> & { orderId: string };
}

/** One status and one order id in every nested record, as integrations read them from any of the three. */
export function statusView(order: OrderRecord, payment: PaymentRecord | undefined): StatusView {
  return {
    orderId: order.id,
    status: order.status,
    amount: order.amount,
    currency: order.currency,
    updatedAt: order.updatedAt,
    order: { id: order.id, orderId: order.id, status: order.status, amount: order.amount },
    ...(payment && {
      payment: {
        id: payment.id,
        orderId: order.id,
        status: payment.status,
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        ...(payment.failureReason && { failureReason: payment.failureReason }),
      },
    }),
  };
}
