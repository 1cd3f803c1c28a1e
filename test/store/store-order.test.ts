/** A client's records list in creation order, an update keeping the place, in memory and after a reopen. */
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.ts';
import { makeTempDir, product, type TempDir } from './helpers.ts';

let dir: TempDir | undefined;
afterEach(async () => dir?.remove());

const ids = (records: ReadonlyArray<{ id: string }>) => records.map((record) => record.id);

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
