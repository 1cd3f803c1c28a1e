/**
 * `removeClient`: one client's records in every collection and the meta keys named, dropped in memory and journaled
 * as one line that names the client, never a copy of the whole store (a tenant deleted, a client reset, on a store
 * shared with others).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openStore, StoreOpenError, type Store } from '../../src/store/index.ts';
import { storeOnDisk } from '../support/full-disk.ts';
import { journalText } from '../support/journal-file.ts';
import { fileStores, product } from '../support/store-helpers.ts';

const { paths, openAt } = fileStores();
const order = (id: string, clientId: string, createdAt: string) => ({ id, clientId, orderId: id, status: 'PENDING', createdAt });
const isAlicesLedger = (key: string) => key === 'tokens:alice';

/** Alice and Bob each with products, an order and a token ledger, and a meta value of no client. */
function fill(store: Store): void {
  store.put('products', product('pa1', 'alice', 'A-1'));
  store.put('products', product('pa2', 'alice', 'A-2', { createdAt: '2026-03-01T10:00:00.000Z' }));
  store.put('products', product('pb1', 'bob', 'B-1'));
  store.put('products', product('pb2', 'bob', 'A-1'));
  store.put('orders', order('oa1', 'alice', '2026-03-03T10:00:00.000Z'));
  store.put('orders', order('ob1', 'bob', '2026-03-03T10:00:00.000Z'));
  store.setMeta('tokens:alice', { sequence: 3, live: [] });
  store.setMeta('tokens:bob', { sequence: 5, live: [] });
  store.setMeta('seed', 42);
}

/** What a reader sees of both clients. */
function view(store: Store) {
  return {
    alice: { products: store.list('products', 'alice').map((r) => r.id), orders: store.list('orders', 'alice').map((r) => r.id) },
    bob: { products: store.list('products', 'bob').map((r) => r.id), orders: store.list('orders', 'bob').map((r) => r.id) },
    keys: { aliceA1: store.findByKey('products', 'originProductId', 'alice', 'A-1')?.id, bobA1: store.findByKey('products', 'originProductId', 'bob', 'A-1')?.id },
    meta: { alice: store.getMeta('tokens:alice'), bob: store.getMeta('tokens:bob'), seed: store.getMeta('seed') },
    counts: { products: store.count('products'), orders: store.count('orders') },
  };
}

const WITHOUT_ALICE = {
  alice: { products: [], orders: [] },
  bob: { products: ['pb1', 'pb2'], orders: ['ob1'] },
  keys: { aliceA1: undefined, bobA1: 'pb2' },
  meta: { alice: undefined, bob: { sequence: 5, live: [] }, seed: 42 },
  counts: { products: 2, orders: 1 },
};

describe('removing one client from the store', () => {
  it('drops its records in every collection, their key entries and the meta named; the others stay as they were', async () => {
    const store = await openAt();
    fill(store);
    await store.commit();
    expect(store.removeClient('alice', isAlicesLedger)).toBe(3);
    await store.commit();
    expect(view(store)).toEqual(WITHOUT_ALICE);
  });

  it('journals one line that names the client and the meta keys, and none of the records kept', async () => {
    const store = await openAt();
    fill(store);
    await store.commit();
    const before = await journalText(paths.journal);
    store.removeClient('alice', isAlicesLedger);
    await store.commit();
    const added = (await journalText(paths.journal)).slice(before.length);
    expect(added).toBe('{"op":"removeClient","client":"alice","meta":["tokens:alice"]}\n');
  });

  it('replays to the same state after a kill, and after a checkpoint', async () => {
    const first = await openAt();
    fill(first);
    first.removeClient('alice', isAlicesLedger);
    first.put('products', product('pa3', 'alice', 'A-1'));
    await first.commit();
    // No close: the process "died", and the journal is replayed.
    const second = await openAt();
    const expected = { ...WITHOUT_ALICE, alice: { products: ['pa3'], orders: [] }, keys: { aliceA1: 'pa3', bobA1: 'pb2' }, counts: { products: 3, orders: 1 } };
    expect(view(second)).toEqual(expected);
    await second.close();
    const third = await openAt();
    expect(view(third)).toEqual(expected);
  });

  it('a client with nothing stored: 0, and nothing is journaled', async () => {
    const store = await openAt();
    fill(store);
    await store.commit();
    const before = await journalText(paths.journal);
    expect(store.removeClient('carol', (key) => key === 'tokens:carol')).toBe(0);
    await store.commit();
    expect(await journalText(paths.journal)).toBe(before);
    expect(view(store).counts).toEqual({ products: 4, orders: 2 });
  });

  it('a client id such as __proto__ is a client like any other', async () => {
    const store = await openAt();
    store.put('products', product('pp1', '__proto__', 'P-1'));
    store.put('products', product('pb1', 'bob', 'B-1'));
    expect(store.removeClient('__proto__', () => false)).toBe(1);
    await store.commit();
    expect(store.list('products', '__proto__')).toEqual([]);
    expect(store.count('products')).toBe(1);
  });

  it('the disk refuses the line: the client comes back, its lists in their order, its keys and its meta', () => {
    const { disk, store } = storeOnDisk();
    fill(store);
    return store.commit().then(async () => {
      const before = view(store);
      disk.full = true;
      store.removeClient('alice', isAlicesLedger);
      expect(view(store)).toEqual(WITHOUT_ALICE);
      await expect(store.commit()).rejects.toThrow('ENOSPC');
      expect(view(store)).toEqual(before);
      expect(before.alice.products).toEqual(['pa2', 'pa1']);
      expect(disk.written.join('')).not.toContain('removeClient');
    });
  });

  it.each([
    ['no client', '{"op":"removeClient","meta":[]}'],
    ['a client that is not a string', '{"op":"removeClient","client":7,"meta":[]}'],
    ['no meta list', '{"op":"removeClient","client":"alice"}'],
    ['a meta key that is not a string', '{"op":"removeClient","client":"alice","meta":[1]}'],
  ])('refuses a journal whose removeClient line has %s, and leaves it untouched', async (_label, line) => {
    await mkdir(paths.file.replace(/\/[^/]+$/, ''), { recursive: true });
    await writeFile(paths.journal, `${line}\n`);
    const error = await openStore({ file: paths.file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreOpenError);
    expect(error).toMatchObject({ file: paths.journal, reason: expect.stringMatching(/removeClient without a string client and a list of meta keys/) });
    expect(await readFile(paths.journal, 'utf8')).toBe(`${line}\n`);
  });
});
