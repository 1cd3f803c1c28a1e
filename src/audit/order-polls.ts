/**
 * A client's reads of its orders' status, per order, oldest first: what the `poll.*` rules judge. A read is a look-up of
 * one order by id (`getOrder`, `getOrderStatus`) the gateway answered; the order is the one its path names.
 */
import { ORDER_LOOK_UPS } from '../domain/order-cart.ts';
import { ORDER_STATUSES, type OrderStatus } from '../domain/records.ts';
import { isFinal } from '../orders/transitions.ts';
import type { RequestJournalEntry } from '../state/request-journal.ts';

/** Whether a read showed its order in a status it never leaves (the order flow's own rule). */
export const showsFinal = (entry: RequestJournalEntry) =>
  entry.orderStatus !== undefined && (ORDER_STATUSES as readonly string[]).includes(entry.orderStatus) && isFinal(entry.orderStatus as OrderStatus);

export function pollsByOrder(requests: readonly RequestJournalEntry[]): Map<string, RequestJournalEntry[]> {
  const polls = new Map<string, RequestJournalEntry[]>();
  for (const entry of requests) {
    if (entry.operationId === undefined || !ORDER_LOOK_UPS.has(entry.operationId) || entry.status !== 200) continue;
    const orderId = orderIdOf(entry.path);
    if (orderId === undefined) continue;
    const list = polls.get(orderId) ?? [];
    list.push(entry);
    polls.set(orderId, list);
  }
  return polls;
}

/** `/v1/orders/ord_1/status`, `/api/orders/ord_1` → `ord_1`. */
function orderIdOf(path: string): string | undefined {
  const segments = path.split('/');
  const at = segments.lastIndexOf('orders');
  const id = at === -1 ? undefined : segments[at + 1];
  if (id === undefined || id === '') return undefined;
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}
