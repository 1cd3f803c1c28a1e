/**
 * What the order flow costs on disk (file store): an order journals its own records, not the customer and product
 * it re-upserts unchanged; a status poll journals its count while the order is pending, and nothing once it is final.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.ts';
import { makeTempDir, type TempDir } from '../support/store-helpers.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { journalBytes, journalText } from '../support/journal-file.ts';

let dir: TempDir;
let store: Store;
let t: TestApp;
let token: string;
const journal = () => dir.file('db.json.journal');
const journalLines = () => journalText(journal());

const ORDER = { customer: { merchantCustomerId: 'CUST-1', name: 'Ana', phone: '+258 84 000 0000' }, items: [{ originProductId: 'SKU-1', name: 'Capulana', price: 350, quantity: 1 }] };

beforeEach(async () => {
  dir = await makeTempDir();
  store = await openStore({ file: dir.file('db.json') });
  t = await createTestApp({}, { store });
  token = await tokenFor(t);
});

afterEach(async () => {
  await store.close();
  await dir.remove();
});

describe('order journal lines', () => {
  it('a second order of the same customer and product journals the order and its payment only', async () => {
    await t.http.post('/v1/orders').set(bearer(token)).send(ORDER).expect(201);
    const before = await journalLines();
    const second = await t.http.post('/v1/orders').set(bearer(token)).send(ORDER).expect(201);
    const added = (await journalLines()).slice(before.length).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { op: string; e?: Array<{ c: string }>; c?: string });
    const collections = added.flatMap((line) => line.e?.map((entry) => entry.c) ?? [line.c]);
    expect(collections).toContain('orders');
    expect(collections).not.toContain('customers');
    expect(collections).not.toContain('products');
    expect(store.get('orders', second.body.data.id)).toMatchObject({ status: 'PENDING' });
  });

  it('polls are journaled while the order is pending; once it is PAID a poll writes nothing and answers the same', async () => {
    const created = await t.http.post('/v1/orders').set(bearer(token)).send(ORDER).expect(201);
    const path = `/v1/orders/${created.body.data.id}/status`;
    const statuses: string[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await t.http.get(path).set(bearer(token)).expect(200)).body.data.status);
    expect(statuses).toEqual(['PENDING', 'PENDING', 'PAID']);
    // The third poll met order.final.PAID: coverage saves that after the reply, flushed with the next append. Settle
    // it, so the size below is what the fourth poll alone may add.
    await store.commit();
    const size = await journalBytes(journal());
    const again = await t.http.get(path).set(bearer(token)).expect(200);
    expect(again.body.data.status).toBe('PAID');
    await store.commit(); // whatever the fourth poll queued, even after its reply, is on disk before the size is read
    expect(await journalBytes(journal())).toBe(size);
    expect(store.get('orderPolls', created.body.data.id)).toMatchObject({ polls: 3 });
  });
});
