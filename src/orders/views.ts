/**
 * What a client sees of an order. Links point at the mock itself (its hosted checkout page) and are built when
 * a response is written, from the base URL the caller reached, so stored orders never carry a host or a port.
 */
import type { OrderRecord } from '../core/records.ts';
import { toPublic } from '../records/public-view.ts';

export function checkoutUrl(baseUrl: string, orderId: string): string {
  return `${baseUrl}/checkout/${encodeURIComponent(orderId)}`;
}

export function orderView(order: OrderRecord, baseUrl: string): Record<string, unknown> {
  return { ...toPublic(order), checkout: checkoutUrl(baseUrl, order.id) };
}

export interface StatusView {
  orderId: string;
  status: OrderRecord['status'];
  amount: number;
  currency: 'MZN';
  updatedAt: string;
  order: { id: string; orderId: string; status: OrderRecord['status']; amount: number };
}

export function statusView(order: OrderRecord): StatusView {
  return {
    orderId: order.id,
    status: order.status,
    amount: order.amount,
    currency: order.currency,
    updatedAt: order.updatedAt,
    order: { id: order.id, orderId: order.id, status: order.status, amount: order.amount },
  };
}
