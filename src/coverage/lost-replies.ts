/**
 * The handled rule of `network.reply-lost` on an order placed (docs/network-failures.md): the gateway made the order,
 * the client never read the answer. A client that handles it finds out what happened before it places the order
 * again: its next order move looks the order up (the list, or the order or its status by the id a webhook told it). One that places the same
 * cart again (same customer, items and amount) made a duplicate: two orders, two charges for one purchase.
 */
import type { Exchange } from '../domain/caller.ts';
import { cartOf, looksOrderUp } from '../domain/order-cart.ts';

/** An order whose answer was lost: its id and what makes another order "the same cart". */
export interface LostOrder {
  orderId: string;
  cart: string;
}

/** The verdict of the client's next order move, or undefined when the move says nothing of the lost order. */
export type LostOrderVerdict = { handled: true } | { handled: false; why: string } | undefined;

const isItem = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The order an answer of `createOrder` made (a 2xx), with its cart; undefined for any other answer. */
export function placedOrder(exchange: Exchange): LostOrder | undefined {
  if (exchange.context.operationId !== 'createOrder' || exchange.status < 200 || exchange.status >= 300) return undefined;
  const data = isItem(exchange.body) ? exchange.body['data'] : undefined;
  const sent = exchange.request?.body;
  if (!isItem(data) || typeof data['id'] !== 'string' || !isItem(sent)) return undefined;
  // The same cart (domain/order-cart.ts) at the same amount.
  return { orderId: data['id'], cart: JSON.stringify([cartOf(sent, data['customerId']), data['amount'] ?? null]) };
}

/** What the client's next answered request says of the lost order. */
export function lostOrderVerdict(lost: LostOrder, exchange: Exchange): LostOrderVerdict {
  const { operationId, path } = exchange.context;
  const answered = exchange.status >= 200 && exchange.status < 300;
  // The list shows the order; a look-up by id does when it is this order's (an id it learnt from a webhook).
  if (answered && looksOrderUp(operationId, path, lost.orderId)) return { handled: true };
  const again = placedOrder(exchange);
  if (again === undefined || again.cart !== lost.cart) return undefined;
  return { handled: false, why: `a duplicate order ${again.orderId} was placed for the same cart after the answer creating ${lost.orderId} was lost` };
}
