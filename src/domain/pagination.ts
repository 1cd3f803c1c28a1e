/**
 * Lists (docs/assumptions.md): newest first, `page` ≥ 1, `limit` 1–100, empty past the end. The store lists a
 * client's records oldest first (by `createdAt`, then creation order), so newest first is that order reversed and a
 * page is a slice from the end: it costs its own size, whatever the size of the collection. Records created in the
 * same millisecond (a batch, a frozen clock) list the later created first; an earlier rule broke such ties by id,
 * which is random, so such records listed in no order a user could predict.
 */
import type { Pagination } from './reply.ts';

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 20;

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/** `records` oldest first, as the store lists them (a filtered list keeps that order). */
export function paginate<T>(records: readonly T[], query: { page?: unknown; limit?: unknown }): Page<T> {
  const page = typeof query.page === 'number' ? query.page : DEFAULT_PAGE;
  const limit = typeof query.limit === 'number' ? query.limit : DEFAULT_LIMIT;
  const end = records.length - (page - 1) * limit;
  return {
    items: end > 0 ? records.slice(Math.max(0, end - limit), end).reverse() : [],
    pagination: { page, limit, total: records.length, totalPages: Math.ceil(records.length / limit) },
  };
}
