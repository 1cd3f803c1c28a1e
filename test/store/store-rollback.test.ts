/**
 * A write that cannot be made durable (disk full) leaves no trace: memory goes back to what is durable, so the
 * change that answered an error is not read back, not found by its key, and never reaches the disk later.
 */
import { describe, expect, it } from 'vitest';
import { storeOnDisk } from '../support/full-disk.ts';
import { product } from '../support/store-helpers.ts';

describe('a write the disk refuses', () => {
  it('a new record: gone from get, list and its key index; the disk never gets it', async () => {
    const { disk, store } = storeOnDisk();
    disk.full = true;
    store.put('products', product('p1', 'c1', 'SKU-1'));
    await expect(store.commit()).rejects.toThrow('ENOSPC');
    expect(store.get('products', 'p1')).toBeUndefined();
    expect(store.list('products', 'c1')).toEqual([]);
    expect(store.findByKey('products', 'originProductId', 'c1', 'SKU-1')).toBeUndefined();
    disk.full = false;
    store.put('products', product('p2', 'c1', 'SKU-2'));
    await store.commit();
    expect(disk.written.join('')).not.toContain('"p1"');
  });

  it('an update and a batch: the previous versions come back, newest change undone first', async () => {
    const { disk, store } = storeOnDisk();
    store.put('products', product('p1', 'c1', 'SKU-1', { price: 1 }));
    await store.commit();
    disk.full = true;
    store.put('products', product('p1', 'c1', 'SKU-1', { price: 2 }));
    store.putMany([
      { collection: 'products', record: product('p1', 'c1', 'SKU-1', { price: 3 }) },
      { collection: 'products', record: product('p9', 'c1', 'SKU-9') },
    ]);
    await expect(store.commit()).rejects.toThrow();
    expect(store.get('products', 'p1')?.['price']).toBe(1);
    expect(store.count('products')).toBe(1);
  });

  it('meta values and a clear come back too', async () => {
    const { disk, store } = storeOnDisk();
    store.put('products', product('p1', 'c1', 'SKU-1'));
    store.setMeta('seed', 42);
    await store.commit();
    disk.full = true;
    store.setMeta('seed', 7);
    store.clear();
    await expect(store.commit()).rejects.toThrow();
    expect(store.getMeta('seed')).toBe(42);
    expect(store.get('products', 'p1')).toBeDefined();
  });
});
