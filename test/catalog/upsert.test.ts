/** Create-or-update by merchant key, computed without writing. */
import { describe, expect, it } from 'vitest';
import type { StoredRecord } from '../../src/domain/records.ts';
import { CUSTOMERS, PRODUCTS } from '../../src/catalog/catalog-kinds.ts';
import { upsertByKey, type UpsertScope } from '../../src/catalog/upsert.ts';

function scope(existing: StoredRecord[] = [], pending?: Map<string, StoredRecord>): UpsertScope {
  let next = 0;
  return {
    random: { id: (prefix) => `${prefix}_${++next}`, token: () => 'unused' },
    clientId: 'c1',
    now: '2026-03-02T10:00:00.000Z',
    lookup: (collection, key, value) => existing.find((record) => record[key] === value && collection === PRODUCTS.collection),
    ...(pending ? { pending } : {}),
  };
}

const stored: StoredRecord = {
  id: 'prod_old',
  clientId: 'c1',
  originProductId: 'SKU-1',
  name: 'Caju',
  price: 100,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('upsert by merchant key', () => {
  it('creates a record for an unknown key, with a new id, the owner and both timestamps', () => {
    expect(upsertByKey(PRODUCTS, scope(), { originProductId: 'SKU-2', name: 'Chá', price: 5 })).toEqual({
      created: true,
      record: { originProductId: 'SKU-2', name: 'Chá', price: 5, id: 'prod_1', clientId: 'c1', createdAt: '2026-03-02T10:00:00.000Z', updatedAt: '2026-03-02T10:00:00.000Z' },
    });
  });

  it('merges the sent fields over a known record, keeping id, owner and createdAt', () => {
    const { record, created } = upsertByKey(PRODUCTS, scope([stored]), { originProductId: 'SKU-1', price: 120, id: 'prod_forged', clientId: 'c2' });
    expect(created).toBe(false);
    expect(record).toEqual({ ...stored, price: 120, updatedAt: '2026-03-02T10:00:00.000Z' });
  });

  it('updates once a key repeated in one request: the second sees the first', () => {
    const planned = scope([], new Map());
    const first = upsertByKey(PRODUCTS, planned, { originProductId: 'SKU-3', name: 'A', price: 1 });
    const second = upsertByKey(PRODUCTS, planned, { originProductId: 'SKU-3', price: 2 });
    expect([first.created, second.created]).toEqual([true, false]);
    expect(second.record).toMatchObject({ id: first.record.id, name: 'A', price: 2 });
  });

  it('keeps keys of different kinds apart: a customer and a product may share a key value', () => {
    const planned = scope([], new Map());
    upsertByKey(PRODUCTS, planned, { originProductId: '1', name: 'A', price: 1 });
    expect(upsertByKey(CUSTOMERS, planned, { merchantCustomerId: '1', name: 'Ana' }).created).toBe(true);
  });

  it('creates without a key, each time', () => {
    const planned = scope([], new Map());
    expect(upsertByKey(CUSTOMERS, planned, { name: 'Ana' }).created).toBe(true);
    expect(upsertByKey(CUSTOMERS, planned, { name: 'Ana' }).created).toBe(true);
  });
});
