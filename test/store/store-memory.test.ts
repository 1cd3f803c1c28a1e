import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.ts';
import { product } from '../support/store-helpers.ts';

let store: Store;
afterEach(async () => {
  await store?.close();
});

describe('store in memory', () => {
  it('round-trips put / get / findByKey / list / count', async () => {
    store = await openStore({});
    store.put('products', product('p1', 'alice', 'A-1'));
    store.put('products', product('p2', 'alice', 'A-2'));
    store.put('products', product('p3', 'bob', 'A-1'));
    await store.commit();

    expect(store.get('products', 'p1')).toMatchObject({ id: 'p1', clientId: 'alice', originProductId: 'A-1' });
    expect(store.get('products', 'missing')).toBeUndefined();
    expect(store.get('customers', 'p1')).toBeUndefined();
    expect(store.count('products')).toBe(3);
    expect(store.count('orders')).toBe(0);
  });

  it('records: every record of one collection, all clients, the store\'s own (frozen), none of another collection', async () => {
    store = await openStore({});
    store.put('products', product('p1', 'alice', 'A-1'));
    store.put('products', product('p2', 'bob', 'A-1'));
    store.put('customers', { id: 'c1', clientId: 'alice' });
    store.remove('products', 'p1');
    store.put('products', product('p3', 'alice', 'A-3'));
    const records = [...store.records('products')];
    expect(records.map((record) => record.id).sort()).toEqual(['p2', 'p3']);
    expect(records.every((record) => Object.isFrozen(record) && store.get('products', record.id) === record)).toBe(true);
    expect([...store.records('orders')]).toEqual([]);
  });

  it('isolates clients in list and findByKey', async () => {
    store = await openStore({});
    store.put('products', product('p1', 'alice', 'SAME'));
    store.put('products', product('p2', 'bob', 'SAME'));
    store.put('products', product('p3', 'alice', 'OTHER'));

    expect(store.list('products', 'alice').map((r) => r.id).sort()).toEqual(['p1', 'p3']);
    expect(store.list('products', 'bob').map((r) => r.id)).toEqual(['p2']);
    expect(store.list('products', 'carol')).toEqual([]);
    expect(store.findByKey('products', 'originProductId', 'alice', 'SAME')?.id).toBe('p1');
    expect(store.findByKey('products', 'originProductId', 'bob', 'SAME')?.id).toBe('p2');
    expect(store.findByKey('products', 'originProductId', 'carol', 'SAME')).toBeUndefined();
  });

  it('updates the unique index when a key changes, and the client index when the owner changes', async () => {
    store = await openStore({});
    store.put('products', product('p1', 'alice', 'OLD'));
    store.put('products', product('p1', 'alice', 'NEW'));
    expect(store.findByKey('products', 'originProductId', 'alice', 'OLD')).toBeUndefined();
    expect(store.findByKey('products', 'originProductId', 'alice', 'NEW')?.id).toBe('p1');
    expect(store.count('products')).toBe(1);

    store.put('products', product('p1', 'bob', 'NEW'));
    expect(store.list('products', 'alice')).toEqual([]);
    expect(store.findByKey('products', 'originProductId', 'alice', 'NEW')).toBeUndefined();
    expect(store.findByKey('products', 'originProductId', 'bob', 'NEW')?.id).toBe('p1');
  });

  it('keeps an index entry that another record took over', async () => {
    store = await openStore({});
    store.put('products', product('p1', 'alice', 'K'));
    store.put('products', product('p2', 'alice', 'K')); // uniqueness is the caller's business; last one wins
    store.put('products', product('p1', 'alice', 'K2'));
    expect(store.findByKey('products', 'originProductId', 'alice', 'K')?.id).toBe('p2');
  });

  it('returns its own frozen records from get / findByKey / list, without a copy: writing to one throws and changes nothing', async () => {
    store = await openStore({});
    const original = product('p1', 'alice', 'A-1', { tags: ['x'] });
    store.put('products', original);
    (original['tags'] as string[]).push('changed after put');

    const read = store.get<ReturnType<typeof product>>('products', 'p1')!;
    expect(store.get('products', 'p1')).toBe(read);
    expect(store.findByKey('products', 'originProductId', 'alice', 'A-1')).toBe(read);
    expect(store.list('products', 'alice')[0]).toBe(read);
    expect(Object.isFrozen(read)).toBe(true);
    expect(() => {
      (read as Record<string, unknown>)['name'] = 'mutated';
    }).toThrow(TypeError);
    expect(() => (read['tags'] as string[]).push('mutated')).toThrow(TypeError);
    expect(store.get('products', 'p1')).toMatchObject({ name: 'product p1', tags: ['x'] });
  });

  it('stores meta values, putMany, clear', async () => {
    store = await openStore({});
    store.setMeta('seed', { name: 'demo', n: 1 });
    expect(store.getMeta('seed')).toEqual({ name: 'demo', n: 1 });
    store.putMany([
      { collection: 'orders', record: { id: 'o1', clientId: 'alice', total: 10 } },
      { collection: 'payments', record: { id: 'pay1', clientId: 'alice', orderId: 'o1' } },
    ]);
    expect(store.count('orders')).toBe(1);
    expect(store.count('payments')).toBe(1);
    store.clear();
    expect(store.count('orders')).toBe(0);
    expect(store.getMeta('seed')).toBeUndefined();
    await expect(store.commit()).resolves.toBeUndefined();
  });

  it('rejects bad input without changing anything', async () => {
    store = await openStore({});
    expect(() => store.put('products', { id: 1, clientId: 'a' } as never)).toThrow(TypeError);
    expect(() => store.put('nope' as never, product('p1', 'a', 'k'))).toThrow(TypeError);
    expect(() =>
      store.putMany([
        { collection: 'orders', record: { id: 'o1', clientId: 'alice' } },
        { collection: 'orders', record: { id: 'o2' } as never },
      ]),
    ).toThrow(TypeError);
    expect(store.count('orders')).toBe(0);
    expect(() => store.findByKey('orders', 'originProductId', 'a', 'b')).toThrow(/no unique index/);
  });

  it('keeps a __proto__ key as data without touching Object.prototype', async () => {
    store = await openStore({});
    const metadata = JSON.parse('{"__proto__": {"polluted": "yes"}, "plain": 1}') as Record<string, unknown>;
    store.put('products', product('__proto__', 'alice', '__proto__', { metadata }));
    const back = store.get('products', '__proto__')!;
    expect(Object.keys(back['metadata'] as object)).toEqual(['__proto__', 'plain']);
    expect(store.findByKey('products', 'originProductId', 'alice', '__proto__')?.id).toBe('__proto__');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('throws on put after close, and close twice is fine', async () => {
    store = await openStore({});
    store.put('products', product('p1', 'alice', 'A'));
    await store.close();
    await store.close();
    expect(() => store.put('products', product('p2', 'alice', 'B'))).toThrow(/closed/);
    expect(store.get('products', 'p1')?.id).toBe('p1');
  });
});
