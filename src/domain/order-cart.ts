/**
 * What makes two orders "the same cart", the one rule read by coverage's lost reply (coverage/lost-replies.ts) and the
 * audit's duplicate orders (audit/rules/order-duplicate.ts): the same customer (its phone however it is spelt, by the
 * API's own reading of a number, domain/phone-number.ts; else the customer the request names), the same items as
 * sent and the same shipping cost. What a shop that retries blindly sends again. A pure rule: no store, no HTTP.
 */
import { normalisePhone } from './phone-number.ts';

const isItem = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Operations that look one order up by its id: they tell the client of an order only when they name it. */
export const ORDER_LOOK_UPS: ReadonlySet<string> = new Set(['getOrder', 'getOrderStatus']);

/**
 * The cart of an order request's body, as one text; undefined for a body that is no order request. `customerId`: the
 * customer the order was given, for a request that names none by phone or id.
 */
export function cartOf(sent: unknown, customerId?: unknown): string | undefined {
  if (!isItem(sent)) return undefined;
  const customer = isItem(sent['customer']) ? sent['customer'] : {};
  const phone = typeof customer['phone'] === 'string' ? (normalisePhone(customer['phone']) ?? customer['phone']) : undefined;
  const named = typeof customer['customerId'] === 'string' ? customer['customerId'] : undefined;
  return JSON.stringify([phone ?? named ?? customerId ?? null, sent['items'] ?? null, sent['shippingCost'] ?? null]);
}

/** Whether an answered request (2xx) showed the client its orders: the list, or a look-up of one by id in its path. */
export function looksOrderUp(operationId: string | undefined, path: string, orderId?: string): boolean {
  if (operationId === 'listOrders') return true;
  return operationId !== undefined && ORDER_LOOK_UPS.has(operationId) && (orderId === undefined || path.includes(orderId));
}
