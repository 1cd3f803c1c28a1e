/** Order pricing: line totals, subtotal, shipping and amount, all summed in integer centavos. */
import { fromCentavos, sumCentavos, timesQuantity, toCentavos } from '../domain/money.ts';
import type { OrderItem } from '../domain/records.ts';

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

/**
 * The largest order amount, 1 000 000 000 MZN (the cap on a price, spec/openapi.yaml `Amount`). Past it, an
 * amount written in JSON is no longer reliably a multiple of 0.01 for a validator working in floating point (at
 * about 1e10 MZN), let alone an exact integer of centavos (2^53 centavos); such an order is refused.
 */
export const MAX_ORDER_AMOUNT = 1_000_000_000;

export function isWithinAmountCap(lines: readonly PricedLine[], shippingCost = 0): boolean {
  const totals = lines.map((line) => timesQuantity(toCentavos(line.price), line.quantity));
  const amount = sumCentavos([...totals, toCentavos(shippingCost)]);
  return Number.isSafeInteger(amount) && amount <= toCentavos(MAX_ORDER_AMOUNT);
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
