/**
 * Lists (CONTRACT.md §Lists): newest first, `page` ≥ 1, `limit` 1–100, empty past the end. Records created in the
 * same millisecond (a batch, or any run on a frozen clock) list the later-created first: the records arrive in
 * creation order, and the sort is stable. CONTRACT.md broke such ties by id, which is random: issue 8 asked for
 * creation order.
 */
import type { Pagination } from '../core/reply.ts';

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 20;

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/**
 * createdAt descending. ISO 8601 instants of one format order as plain strings; comparing code units is several
 * times faster than `localeCompare`, which matters when a client holds 100 000 records.
 */
function newestFirst(a: { createdAt: string }, b: { createdAt: string }): number {
  return a.createdAt === b.createdAt ? 0 : a.createdAt > b.createdAt ? -1 : 1;
}

/** `records` in creation order, oldest first (as the store lists them). */
export function paginate<T extends { createdAt: string }>(records: readonly T[], query: { page?: unknown; limit?: unknown }): Page<T> {
  const page = typeof query.page === 'number' ? query.page : DEFAULT_PAGE;
  const limit = typeof query.limit === 'number' ? query.limit : DEFAULT_LIMIT;
  const sorted = [...records].reverse().sort(newestFirst);
  const start = (page - 1) * limit;
  return {
    items: sorted.slice(start, start + limit),
    pagination: { page, limit, total: sorted.length, totalPages: Math.ceil(sorted.length / limit) },
  };
}
