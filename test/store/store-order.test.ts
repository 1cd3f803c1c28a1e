/**
 * A client's records list oldest first, by createdAt and then creation order; an update keeps the place; the
 * same after a reopen.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.ts';
import { makeTempDir, product, type TempDir } from '../support/store-helpers.ts';

let dir: TempDir | undefined;
afterEach(async () => dir?.remove());

const ids = (records: ReadonlyArray<{ id: string }>) => records.map((record) => record.id);

describe('list order', () => {
  it('sorts by createdAt whatever the order of creation, ties in creation order, and moves a record whose createdAt changed', async () => {
    const store = await openStore({});
    const at = (day: number) => ({ createdAt: `2026-03-0${day}T00:00:00.000Z` });
    store.put('products', product('late', 'c1', 'K1', at(5)));
    store.put('products', product('early', 'c1', 'K2', at(1)));
    store.put('products', product('tie-first', 'c1', 'K3', at(3)));
    store.put('products', product('tie-second', 'c1', 'K4', at(3)));
    store.put('products', product('other-client', 'c2', 'K5', at(2)));
    expect(ids(store.list('products', 'c1'))).toEqual(['early', 'tie-first', 'tie-second', 'late']);
    store.put('products', product('tie-first', 'c1', 'K3', { ...at(3), price: 2 }));
    expect(ids(store.list('products', 'c1'))).toEqual(['early', 'tie-first', 'tie-second', 'late']);
    store.put('products', product('early', 'c1', 'K2', at(9)));
    expect(ids(store.list('products', 'c1'))).toEqual(['tie-first', 'tie-second', 'late', 'early']);
    store.put('products', product('other-client', 'c1', 'K5', at(2)));
    expect(ids(store.list('products', 'c1'))).toEqual(['other-client', 'tie-first', 'tie-second', 'late', 'early']);
    expect(store.list('products', 'c2')).toEqual([]);
  });
});

describe('creation order', () => {
  it('holds in memory, through the journal, and through a checkpointed snapshot', async () => {
    dir = await makeTempDir();
    const file = dir.file('db.json');
    const store = await openStore({ file });
    for (const id of ['p3', 'p1', 'p2']) store.put('products', product(id, 'c1', `K-${id}`));
    store.put('products', product('p3', 'c1', 'K-p3', { price: 9 }));
    await store.commit();
    expect(ids(store.list('products', 'c1'))).toEqual(['p3', 'p1', 'p2']);

    const replayed = await openStore({ file }); // the journal, not yet checkpointed
    expect(ids(replayed.list('products', 'c1'))).toEqual(['p3', 'p1', 'p2']);
    await replayed.close();
    await store.close().catch(() => undefined);

    const reopened = await openStore({ file }); // the snapshot written at close
    expect(ids(reopened.list('products', 'c1'))).toEqual(['p3', 'p1', 'p2']);
    await reopened.close();
  });
});
