/** When the initial dataset is written, for whom, and that one seed always yields the same dataset. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faker as globalFaker } from '@faker-js/faker';
import { describe, expect, it, vi } from 'vitest';
import { seedInitialData } from '../../src/fake/seed-initial-data.ts';
import { openStore } from '../../src/store/index.ts';
import { COLLECTIONS } from '../../src/store/store-types.ts';
import { configWith, DEFAULT_CLIENT, seedFresh, snapshot, totalRecords } from '../support/seeded.ts';

describe('seedInitialData', () => {
  it('writes the whole dataset in one batch and remembers the seed', async () => {
    const store = await openStore({});
    const putMany = vi.spyOn(store, 'putMany');
    seedInitialData({ config: configWith({ seed: 7 }), store });
    expect(putMany).toHaveBeenCalledTimes(1);
    expect(totalRecords(store)).toBe(putMany.mock.calls[0]?.[0].length);
    expect(store.getMeta('dataset')).toEqual({ seed: 7, generatedAt: '2026-01-01T00:00:00.000Z' });
  });

  it('produces the same dataset, ids included, for the same seed', async () => {
    const first = await seedFresh({ seed: 42 });
    const second = await seedFresh({ seed: 42 });
    expect(snapshot(second.store)).toEqual(snapshot(first.store));
    expect(JSON.stringify(snapshot(second.store))).toBe(JSON.stringify(snapshot(first.store)));
    expect(second.store.getMeta('dataset')).toEqual(first.store.getMeta('dataset'));
  });

  it('produces a different dataset for a different seed', async () => {
    const a = snapshot((await seedFresh({ seed: 1 })).store);
    const b = snapshot((await seedFresh({ seed: 2 })).store);
    expect(b).not.toEqual(a);
    expect(b.products.map((p) => p.id)).not.toEqual(a.products.map((p) => p.id));
  });

  it('does not depend on the global faker', async () => {
    globalFaker.seed(1);
    const first = snapshot((await seedFresh({ seed: 42 })).store);
    globalFaker.seed(987_654);
    globalFaker.string.alphanumeric(50);
    const second = snapshot((await seedFresh({ seed: 42 })).store);
    expect(second).toEqual(first);
  });

  it('writes nothing with seedData "none"', async () => {
    const { store } = await seedFresh({ seedData: 'none' });
    expect(totalRecords(store)).toBe(0);
    expect(store.getMeta('dataset')).toBeUndefined();
  });

  it('leaves a store that already holds a record alone', async () => {
    const store = await openStore({});
    const at = '2026-02-01T00:00:00.000Z';
    store.put('orders', { id: 'ord_existing', clientId: 'someone-else', createdAt: at, updatedAt: at });
    seedInitialData({ config: configWith(), store });
    expect(totalRecords(store)).toBe(1);
    expect(store.getMeta('dataset')).toBeUndefined();
  });

  it('does not re-seed a store that already received a dataset, even once its records are gone', async () => {
    const store = await openStore({});
    store.setMeta('dataset', { seed: 42, generatedAt: '2026-01-01T00:00:00.000Z' });
    seedInitialData({ config: configWith(), store });
    expect(totalRecords(store)).toBe(0);
  });

  it('running twice on the same store writes the dataset once', async () => {
    const { store, config } = await seedFresh();
    const before = snapshot(store);
    const putMany = vi.spyOn(store, 'putMany');
    seedInitialData({ config, store });
    expect(putMany).not.toHaveBeenCalled();
    expect(snapshot(store)).toEqual(before);
  });

  it('re-creates the same dataset after the store is cleared (admin reset)', async () => {
    const { store, config } = await seedFresh();
    const before = snapshot(store);
    store.clear();
    seedInitialData({ config, store });
    expect(snapshot(store)).toEqual(before);
  });

  it('does not duplicate the dataset when a file-backed store is reopened', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-seed-'));
    try {
      const file = join(dir, 'db.json');
      const config = configWith({ data: file });
      const first = await openStore({ file });
      seedInitialData({ config, store: first });
      const written = snapshot(first);
      await first.close();

      const reopened = await openStore({ file });
      seedInitialData({ config, store: reopened });
      expect(snapshot(reopened)).toEqual(written);
      expect(totalRecords(reopened)).toBe(Object.values(written).flat().length);
      await reopened.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives every record to the first active client', async () => {
    const { store } = await seedFresh({
      clients: [
        { clientId: 'retired', clientSecret: 'retired-secret', active: false },
        { clientId: 'loja-maputo', clientSecret: 'loja-secret' },
        { clientId: 'loja-beira', clientSecret: 'beira-secret' },
      ],
    });
    for (const collection of COLLECTIONS) {
      expect(store.list(collection, 'loja-maputo')).toHaveLength(store.count(collection));
    }
    expect(store.count('orders')).toBe(25);
  });

  it('seeds nothing when no client is active', async () => {
    const { store } = await seedFresh({ clients: [{ clientId: 'retired', clientSecret: 'retired-secret', active: false }] });
    expect(totalRecords(store)).toBe(0);
  });

});
