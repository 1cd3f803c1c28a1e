/**
 * Writes that change nothing cost nothing on disk: a put of the record already stored (same JSON, same key order)
 * writes no journal line; a batch journals only the records it changes. The checkpoint is compact JSON that a
 * restart reads back whole.
 */
import { readFile, stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fileStores, product } from '../support/store-helpers.ts';
import { journalBytes, journalText } from '../support/journal-file.ts';

const { paths, openAt } = fileStores();

const journalLines = async () => (await journalText(paths.journal)).split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('unchanged records', () => {
  it('a put of the stored record again writes no journal line; a changed one does', async () => {
    const store = await openAt();
    store.put('products', product('p1', 'alice', 'A-1', { price: 1 }));
    await store.commit();
    const size = await journalBytes(paths.journal);
    store.put('products', product('p1', 'alice', 'A-1', { price: 1 }));
    await store.commit();
    expect(await journalBytes(paths.journal)).toBe(size);
    store.put('products', product('p1', 'alice', 'A-1', { price: 2 }));
    await store.commit();
    expect(await journalLines()).toHaveLength(2);
    expect(store.get('products', 'p1')?.['price']).toBe(2);
  });

  it('the same fields in another order are a change (the stored record keeps the order it was given)', async () => {
    const store = await openAt();
    store.put('customers', { id: 'c1', clientId: 'alice', name: 'Ana', phone: '1' });
    store.put('customers', { id: 'c1', clientId: 'alice', phone: '1', name: 'Ana' });
    await store.commit();
    expect(await journalLines()).toHaveLength(2);
    expect(Object.keys(store.get('customers', 'c1') ?? {})).toEqual(['id', 'clientId', 'phone', 'name']);
  });

  it('a batch journals only the records it changes, as one line; a batch of unchanged records journals nothing', async () => {
    const store = await openAt();
    store.putMany([
      { collection: 'customers', record: { id: 'c1', clientId: 'alice', name: 'Ana' } },
      { collection: 'products', record: product('p1', 'alice', 'A-1') },
    ]);
    store.putMany([
      { collection: 'customers', record: { id: 'c1', clientId: 'alice', name: 'Ana' } },
      { collection: 'products', record: product('p1', 'alice', 'A-1') },
      { collection: 'orders', record: { id: 'o1', clientId: 'alice', items: [{ productId: 'p1' }] } },
      { collection: 'payments', record: { id: 'pay1', clientId: 'alice' } },
    ]);
    store.putMany([{ collection: 'orders', record: { id: 'o1', clientId: 'alice', items: [{ productId: 'p1' }] } }]);
    await store.commit();
    const lines = await journalLines();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({ op: 'putMany', e: [{ c: 'orders', r: { id: 'o1', clientId: 'alice', items: [{ productId: 'p1' }] } }, { c: 'payments', r: { id: 'pay1', clientId: 'alice' } }] });
    const reopened = await openAt();
    expect(reopened.count('orders') + reopened.count('payments') + reopened.count('customers') + reopened.count('products')).toBe(4);
  });
});

describe('the checkpoint', () => {
  it('is compact JSON holding every record and meta value, read back whole after a restart', async () => {
    const store = await openAt();
    store.putMany(Array.from({ length: 3000 }, (_, i) => ({ collection: 'products' as const, record: product(`p${i}`, 'alice', `A-${i}`, { note: 'x'.repeat(400) }) })));
    store.put('orders', { id: '__proto__', clientId: 'alice', status: 'PENDING' });
    store.setMeta('seed', { name: 'demo', at: 1 });
    await store.close();
    const text = await readFile(paths.file, 'utf8');
    expect(text.includes('\n')).toBe(false);
    expect(text.length).toBeGreaterThan(3000 * 400); // several pieces of the streamed write
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['version', 'meta', 'collections']);
    expect((await stat(paths.journal)).size).toBe(0);
    const reopened = await openAt();
    expect(reopened.count('products')).toBe(3000);
    expect(reopened.get('products', 'p2999')).toMatchObject({ originProductId: 'A-2999' });
    expect(reopened.get('orders', '__proto__')).toEqual({ id: '__proto__', clientId: 'alice', status: 'PENDING' });
    expect(reopened.getMeta('seed')).toEqual({ name: 'demo', at: 1 });
  });
});
