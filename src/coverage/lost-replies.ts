/**
 * What a client does after an order's answer it never read
 * (docs/network-failures.md): the gateway may have made the order, the client does not know. A client that handles it
 * finds out what happened before it places the order again: its next order move looks the order up (the list, or
 * the order or its status by the id a webhook told it). One that places the same cart again (same customer phone,
 * items and amount) made a duplicate: two orders, two charges for one purchase. duplicate-orders.ts watches for it and
 * marks the duplicate's request; the handled rules (handled-rules.ts) and the story word it from that mark.
 */
import type { DuplicateOrder, Exchange } from '../domain/caller.ts';
import { cartOf, looksOrderUp } from '../domain/order-cart.ts';

/** What makes two orders "the same cart": the customer's phone (or the customer) and the items, as sent; the amount once priced. */
export interface Cart {
  cart: string;
  /** Absent for a request that was never handled (reset, or dropped before the commit). */
  amount?: unknown;
}

/** An order whose answer was lost: its id and its cart. */
export interface LostOrder extends Cart {
  orderId: string;
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
  return { orderId: data['id'], cart: cartOf(sent, data['customerId']) ?? '', amount: data['amount'] };
}

/** The cart a `createOrder` request sent, answered or not (a reset request's, to know its retry). */
export function sentCart(exchange: Exchange): Cart | undefined {
  const sent = exchange.request?.body;
  if (exchange.context.operationId !== 'createOrder' || !isItem(sent)) return undefined;
  return { cart: cartOf(sent) ?? '' };
}

/** Same customer and items, and the same amount when both were priced. */
export function sameCart(one: Cart, other: Cart): boolean {
  return one.cart === other.cart && (one.amount === undefined || other.amount === undefined || one.amount === other.amount);
}

/** Whether the exchange is a look-up that shows the client the order `orderId` (the list, or that order by its id). */
export function looksUp(orderId: string | undefined, exchange: Exchange): boolean {
  const { operationId, path } = exchange.context;
  if (exchange.status < 200 || exchange.status >= 300 || operationId === undefined) return false;
  return operationId === 'listOrders' || (orderId !== undefined && looksOrderUp(operationId, path, orderId));
}

/** What the client's next answered request says of the lost order. */
export function lostOrderVerdict(lost: LostOrder, exchange: Exchange): LostOrderVerdict {
  // The list shows the order; a look-up by id does when it is this order's (an id it learnt from a webhook).
  if (looksUp(lost.orderId, exchange)) return { handled: true };
  const duplicate = exchange.context.duplicateOf;
  if (duplicate?.orderId !== lost.orderId) return undefined;
  return { handled: false, why: duplicateWhy(duplicate, placedOrder(exchange)?.orderId ?? 'ord_?') };
}

/** How a duplicate is told in coverage's `notHandled`. */
export function duplicateWhy(duplicate: DuplicateOrder, againId: string): string {
  return `a duplicate order ${againId} was placed for the same cart after ${firstOf(duplicate)}`;
}

/** How a story tells the request that placed a duplicate: "placed again for the same cart 0.8 s after …". */
export function duplicateStory(duplicate: DuplicateOrder): string {
  const seconds = Math.round(duplicate.afterMs / 100) / 10;
  return `placed again for the same cart ${seconds} s after ${firstOf(duplicate)}`;
}

const firstOf = (duplicate: DuplicateOrder) => (FIRST[duplicate.after] ?? '{first}').replace('{first}', duplicate.orderId);

/** What became of the first order's answer, by the outcome that hid it. */
const FIRST: Readonly<Record<string, string>> = {
  'network.reply-lost': 'the answer creating {first} was lost',
  'network.timeout': 'the answer creating {first} was held past the client’s timeout',
  'network.slow-body': 'the answer creating {first} trickled past the client’s timeout',
  'network.reset': '{first}, the retry of a request reset before it was handled',
  'network.timeout-before-commit': '{first}, the retry of a request dropped before it was handled',
};
