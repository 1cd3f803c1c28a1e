/**
 * The record ids a journaled request touched, read when it is journaled: the path's segments (`/v1/orders/{id}/status`),
 * the query's values (`/v1/payments?orderId=…`) and the ids of the one record its answer shows (the 201 of
 * `POST /v1/orders` names the order it made). An order's or a subscription's story finds its requests by them.
 */
import type { Exchange } from '../domain/caller.ts';

const ID_FIELDS = ['id', 'orderId', 'subscriptionId', 'paymentId'] as const;
/** Ids are short: a longer segment or value is no id of the mock's (and is not kept). */
const MAX_ID_LENGTH = 200;

export function touchedIds(exchange: Pick<Exchange, 'context' | 'body'>): readonly string[] {
  const { path, query } = exchange.context;
  const ids = new Set<string>();
  for (const segment of path.split('/')) add(ids, safeDecode(segment));
  if (query) for (const value of new URLSearchParams(query).values()) add(ids, value);
  for (const shown of shownRecords(exchange.body)) for (const field of ID_FIELDS) add(ids, shown[field]);
  return [...ids];
}

/** The answer's one record (`{data: {...}}`) and its top level (`orderId` beside `data`); a list touches none. */
function shownRecords(body: unknown): Array<Record<string, unknown>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const top = body as Record<string, unknown>;
  const data = top['data'];
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? [top, data as Record<string, unknown>] : [top];
}

function add(ids: Set<string>, value: unknown): void {
  if (typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH) ids.add(value);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
