/**
 * Pagination edges (docs/assumptions.md) for every list but products (test/http/pagination.test.ts), on the
 * default seeded dataset of mock-client.
 */
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/store/store-types.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

const LISTS = ['customers', 'plans', 'subscriptions', 'orders', 'payments'] as const;

async function seeded(): Promise<TestApp & { auth: { Authorization: string } }> {
  const t = await createTestApp({ seedData: 'default' });
  return { ...t, auth: bearer(await tokenFor(t)) };
}

const idsOf = (body: { data: Array<{ id: string }> }) => body.data.map((record) => record.id);

function counts(t: TestApp): Record<string, number> {
  return Object.fromEntries(COLLECTIONS.filter((name) => name !== 'tokens').map((name) => [name, t.store.count(name)]));
}

describe.each(LISTS)('%s list', (list) => {
  it('serves a short last page and an empty page past the end, with the same pagination totals', async () => {
    const t = await seeded();
    const total = t.store.list(list, 'mock-client').length;
    // A page size that leaves a short last page on this dataset.
    const limit = [3, 4, 5, 7].find((size) => total > size && total % size !== 0) as number;
    const totalPages = Math.ceil(total / limit);
    const last = await t.http.get(`/v1/${list}?page=${totalPages}&limit=${limit}`).set(t.auth).expect(200);
    expect(last.body.data).toHaveLength(total % limit);
    expect(last.body.pagination).toEqual({ page: totalPages, limit, total, totalPages });
    const past = await t.http.get(`/v1/${list}?page=${totalPages + 1}&limit=${limit}`).set(t.auth).expect(200);
    expect(past.body).toEqual({ data: [], pagination: { page: totalPages + 1, limit, total, totalPages } });
  });

  it('walks every record exactly once across pages, in the order of one big page', async () => {
    const t = await seeded();
    const all = await t.http.get(`/v1/${list}?limit=100`).set(t.auth).expect(200);
    const total = all.body.pagination.total as number;
    expect(all.body.data).toHaveLength(total);
    expect(all.body.pagination.totalPages).toBe(1);
    const walked: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 4); page += 1) {
      walked.push(...idsOf((await t.http.get(`/v1/${list}?page=${page}&limit=4`).set(t.auth).expect(200)).body));
    }
    expect(walked).toEqual(idsOf(all.body));
    const dates = all.body.data.map((record: { createdAt: string }) => record.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('accepts limit 1: one record per page, as many pages as records', async () => {
    const t = await seeded();
    const total = t.store.list(list, 'mock-client').length;
    const first = await t.http.get(`/v1/${list}?limit=1`).set(t.auth).expect(200);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.pagination).toEqual({ page: 1, limit: 1, total, totalPages: total });
    const second = await t.http.get(`/v1/${list}?limit=1&page=2`).set(t.auth).expect(200);
    expect(second.body.data).toHaveLength(1);
    expect(idsOf(second.body)).not.toEqual(idsOf(first.body));
  });

  it('defaults to page 1 of 20', async () => {
    const t = await seeded();
    const total = t.store.list(list, 'mock-client').length;
    const response = await t.http.get(`/v1/${list}`).set(t.auth).expect(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 20, total, totalPages: Math.ceil(total / 20) });
    expect(response.body.data).toHaveLength(Math.min(total, 20));
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=x', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=x', 'limit'],
    ['limit=2.5', 'limit'],
  ])('refuses ?%s with 400 invalid_request naming %s, changing nothing', async (query, path) => {
    const t = await seeded();
    const before = counts(t);
    const response = await t.http.get(`/v1/${list}?${query}`).set(t.auth).expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details).toContainEqual(expect.objectContaining({ path }));
    expect(counts(t)).toEqual(before);
  });
});
