/**
 * The record ids a journaled request touched: the path's segments (`/v1/orders/{id}/status`), the query's values
 * (`/v1/payments?orderId=…`) and the ids of the one record its answer shows (the 201 of `POST /v1/orders` names the
 * order it made). An order's or a subscription's story finds its requests by them.
 *
 * Only the answer's ids are read when the request is journaled (the answer is not kept whole); the path and query
 * are kept anyway, so the rest is read when a story first asks, not at every answer. The query read is the masked
 * one the journal keeps: a secret sent in a query is no id, and is never held.
 */
import { decodedSegment } from '../domain/admin-path.ts';

const ID_FIELDS = ['id', 'orderId', 'subscriptionId', 'paymentId'] as const;
/** Ids are short: a longer segment or value is no id of the mock's (and is not kept). */
const MAX_ID_LENGTH = 200;
const NONE: readonly string[] = [];

/** The ids the answer's one record names (`{data: {...}}`, and its top level: `orderId` beside `data`); a list names none. */
export function shownIds(body: unknown): readonly string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return NONE;
  const top = body as Record<string, unknown>;
  const data = top['data'];
  const ids: string[] = [];
  addFields(ids, top);
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) addFields(ids, data as Record<string, unknown>);
  return ids.length === 0 ? NONE : ids;
}

/** Every id the request touched: its path's segments, its (masked) query's values and the ids its answer showed. */
export function touchedIds(path: string, maskedQuery: string | undefined, shown: readonly string[]): readonly string[] {
  const ids = new Set<string>();
  for (const segment of path.split('/')) add(ids, decodedSegment(segment));
  if (maskedQuery) for (const value of new URLSearchParams(maskedQuery).values()) add(ids, value);
  for (const id of shown) ids.add(id);
  return [...ids];
}

function addFields(ids: string[], record: Record<string, unknown>): void {
  for (const field of ID_FIELDS) {
    const value = record[field];
    if (isIdLike(value) && !ids.includes(value)) ids.push(value);
  }
}

const isIdLike = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;

function add(ids: Set<string>, value: string): void {
  if (isIdLike(value)) ids.add(value);
}
