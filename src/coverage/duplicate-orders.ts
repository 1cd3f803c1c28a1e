/**
 * The watch for duplicate orders (docs/network-failures.md#duplicates): after an order's answer the client did not
 * read (lost, held or trickled past its timeout), or a request that made nothing (reset, dropped before the commit),
 * the same cart (lost-replies.ts) placed again within the window is marked on its request (`context.duplicateOf`) for
 * the journal, the order's story and coverage to read, unless the client looked that order up first. An exchange
 * observer that runs before them; per client one watch, the latest, ended by a look-up of its order or by the
 * window; only the answers of placing and looking orders up are read.
 */
import type { DuplicateOrder, Exchange } from '../domain/caller.ts';
import { looksUp, placedOrder, sameCart, sentCart, type Cart } from './lost-replies.ts';
import { unreadOutcome } from './outcome-matching.ts';

/** The answers that can show the client its first order. */
const LOOK_UPS: ReadonlySet<string> = new Set(['listOrders', 'getOrder', 'getOrderStatus']);

/** How long after the first an order for the same cart counts as a duplicate, on the client's clock. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;

/** The outcomes after which the client does not know whether its order was made. */
const HIDING: ReadonlySet<string> = new Set<DuplicateOrder['after']>(['network.reply-lost', 'network.timeout', 'network.slow-body', 'network.reset', 'network.timeout-before-commit']);
const hides = (outcome: string | undefined): outcome is DuplicateOrder['after'] => outcome !== undefined && HIDING.has(outcome);

interface Watch extends Cart {
  /** The outcome that hid the first order's answer, or made the request before it fail. */
  after: DuplicateOrder['after'];
  /** The first order of the cart; absent until the retry of a request that made nothing places it. */
  orderId?: string;
  atMs: number;
}

export interface DuplicateOrders {
  /** Marks a duplicate order's request; to be called before the observers that read the mark. */
  observe(exchange: Exchange): void;
}

export function createDuplicateOrders(): DuplicateOrders {
  const watches = new Map<string, Watch>();
  return {
    observe(exchange) {
      const clientId = exchange.context.world?.clientId;
      const { operationId } = exchange.context;
      if (clientId === undefined || operationId === undefined) return;
      // A client that looked the first order up knows it exists: the same cart placed after that is its choice.
      if (LOOK_UPS.has(operationId)) {
        const orderId = watches.get(clientId)?.orderId;
        if (orderId !== undefined && looksUp(orderId, exchange)) watches.delete(clientId);
        return;
      }
      if (operationId !== 'createOrder') return;
      const nowMs = exchange.context.receivedAt.getTime();
      const watch = watches.get(clientId);
      const placed = placedOrder(exchange);
      if (watch && placed && nowMs - watch.atMs <= DUPLICATE_WINDOW_MS && sameCart(watch, placed)) {
        if (watch.orderId === undefined) Object.assign(watch, { orderId: placed.orderId, amount: placed.amount, atMs: nowMs });
        else exchange.context.duplicateOf = { orderId: watch.orderId, after: watch.after, afterMs: Math.max(0, nowMs - watch.atMs) };
      }
      const unread = unreadOutcome(exchange);
      if (!hides(unread) || exchange.context.duplicateOf) return;
      // Made (its answer unread): the order is the cart's first. Made nothing: its retry will be.
      const cart = placed ?? sentCart(exchange);
      if (cart) watches.set(clientId, { ...cart, after: unread, atMs: nowMs });
    },
  };
}
