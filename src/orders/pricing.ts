/** Order pricing: line totals, subtotal, shipping and amount, all summed in integer centavos. */
import { fromCentavos, sumCentavos, timesQuantity, toCentavos } from '../core/money.ts';
import type { OrderItem } from '../core/records.ts';

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
