/** Pages of a list the store hands oldest first: newest first, page and limit defaults, empty past the end. */
import { describe, expect, it } from 'vitest';
import { paginate } from '../../src/domain/pagination.ts';

/** Oldest first, as the store lists them (b and d created in the same millisecond, b first). */
const records = [
  { id: 'a', createdAt: '2026-03-01T00:00:00.000Z' },
  { id: 'c', createdAt: '2026-03-02T00:00:00.000Z' },
  { id: 'b', createdAt: '2026-03-03T00:00:00.000Z' },
  { id: 'd', createdAt: '2026-03-03T00:00:00.000Z' },
];

describe('paginate', () => {
  it('reads newest first: the store\'s order reversed, so of two created together the later comes first', () => {
    expect(paginate(records, {}).items.map((record) => record.id)).toEqual(['d', 'b', 'c', 'a']);
  });

  it('defaults to page 1 of 20', () => {
    expect(paginate(records, {}).pagination).toEqual({ page: 1, limit: 20, total: 4, totalPages: 1 });
  });

  it('cuts pages of `limit`, the last one short', () => {
    expect(paginate(records, { page: 2, limit: 3 })).toEqual({
      items: [{ id: 'a', createdAt: '2026-03-01T00:00:00.000Z' }],
      pagination: { page: 2, limit: 3, total: 4, totalPages: 2 },
    });
  });

  it('is empty past the last page, with the true totals', () => {
    expect(paginate(records, { page: 9, limit: 2 })).toEqual({ items: [], pagination: { page: 9, limit: 2, total: 4, totalPages: 2 } });
  });

  it('has no pages for no records', () => {
    expect(paginate([], {}).pagination).toEqual({ page: 1, limit: 20, total: 0, totalPages: 0 });
  });

  it('leaves the list it was given as it was', () => {
    const given = [...records];
    paginate(given, { limit: 1 });
    expect(given).toEqual(records);
  });
});
