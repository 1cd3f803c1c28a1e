/** Lists (CONTRACT.md §Lists): newest first (ties by id), `page` ≥ 1, `limit` 1–100, empty past the end. */
import type { Pagination } from '../http/reply.ts';

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 20;

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

export function paginate<T extends { id: string; createdAt: string }>(
  records: readonly T[],
  query: { page?: unknown; limit?: unknown },
): Page<T> {
  const page = typeof query.page === 'number' ? query.page : DEFAULT_PAGE;
  const limit = typeof query.limit === 'number' ? query.limit : DEFAULT_LIMIT;
  const sorted = [...records].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const start = (page - 1) * limit;
  return {
    items: sorted.slice(start, start + limit),
    pagination: { page, limit, total: sorted.length, totalPages: Math.ceil(sorted.length / limit) },
  };
}
