/**
 * Order rules: totals in centavos, the initial state, and the default lifecycle (CONTRACT.md §States:
 * the default scenario pays an order on its 3rd status poll; PAID, FAILED and CANCELLED are final).
 */
import { checkoutUrl } from './links.ts';
import { fromCentavos, sumCentavos, timesQuantity, toCentavos } from './money.ts';
import { toPublic, type OrderItem, type OrderRecord, type OrderStatus, type PaymentRecord, type PaymentStatus } from './records.ts';

export const PAID_ON_STATUS_POLL = 3;

export interface PricedLine {
  productId: string;
  name: string;
  quantity: number;
  price: number;
}

export interface OrderTotals {
  items: OrderItem[];
  subtotal: number;
  shippingCost: number;
  amount: number;
}

/** Beyond 2^53 centavos (≈ 90 trillion MZN) integer arithmetic stops being exact; such an order is refused. */
export function isExactTotal(lines: readonly PricedLine[], shippingCost = 0): boolean {
  const totals = lines.map((line) => timesQuantity(toCentavos(line.price), line.quantity));
  return Number.isSafeInteger(sumCentavos([...totals, toCentavos(shippingCost)]));
}

export function priceOrder(lines: readonly PricedLine[], shippingCost = 0): OrderTotals {
  const totals = lines.map((line) => timesQuantity(toCentavos(line.price), line.quantity));
  const subtotal = sumCentavos(totals);
  const shipping = toCentavos(shippingCost);
  return {
    items: lines.map((line, index) => ({ ...line, total: fromCentavos(totals[index] ?? toCentavos(0)) })),
    subtotal: fromCentavos(subtotal),
    shippingCost: fromCentavos(shipping),
    amount: fromCentavos(sumCentavos([subtotal, shipping])),
  };
}

export function isFinal(status: OrderStatus): boolean {
  return status !== 'PENDING';
}

const PAYMENT_FOR_ORDER: Record<OrderStatus, PaymentStatus> = {
  PENDING: 'PENDING',
  PAID: 'PAID',
  FAILED: 'FAILED',
  CANCELLED: 'FAILED',
};

/** Move a pending order (and its payment) to a final status; a final order does not move. */
export function transitionOrder(
  order: OrderRecord,
  payment: PaymentRecord | undefined,
  status: OrderStatus,
  at: string,
): { order: OrderRecord; payment: PaymentRecord | undefined } {
  if (isFinal(order.status) || status === order.status) return { order, payment };
  return {
    order: { ...order, status, updatedAt: at, statusHistory: [...order.statusHistory, { status, at }] },
    payment: payment && { ...payment, status: PAYMENT_FOR_ORDER[status], updatedAt: at },
  };
}

/** The order as a client sees it, with the checkout link at the base URL the client called. */
export function orderView(order: OrderRecord, baseUrl: string): Record<string, unknown> {
  return { ...toPublic(order), checkout: checkoutUrl(baseUrl, order.id) };
}

export function statusView(order: OrderRecord) {
  return {
    orderId: order.id,
    status: order.status,
    amount: order.amount,
    currency: order.currency,
    updatedAt: order.updatedAt,
    order: { id: order.id, orderId: order.id, status: order.status, amount: order.amount },
  };
}
