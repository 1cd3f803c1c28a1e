/**
 * A stager writes what must be durable together with the change that caused it (the webhook outbox's delivery with
 * the status change): one that throws fails the whole change. The request answers the catalogue's 500, nothing of
 * the change is written or published, the log names the stager, and the next attempt, once the stager works again,
 * makes the change whole. The wallet's debit is no stager: it is written in the same write as the move that pays
 * (money moves once, docs/security.md), and a refusal of that write leaves everything as before too.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/platform/log.ts';
import { openStore } from '../../src/store/index.ts';
import type { CollectionName, Store, StoredRecord } from '../../src/store/store-types.ts';

type OrderLike = StoredRecord & { status: string };
import { pay, placeOrder, WALLET_ORDER_600 } from '../support/checkout-helpers.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { receiversClosedAfterEach } from '../support/webhook-receiver.ts';
import { placeAnOrder, SECRET } from '../support/webhook-support.ts';

const receiver = receiversClosedAfterEach();
const PHONE = '+258841112233';
const WALLETS = '/__admin/clients/mock-client/wallets';
const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

/** Makes the store refuse any write to `collection` until the returned function is called (a stager's bug). */
function breakWritesTo(store: Store, collection: CollectionName): () => void {
  const { put, putMany } = store;
  store.put = (into, record) => {
    if (into === collection) throw new Error(`no writes to ${collection} today`);
    put.call(store, into, record);
  };
  store.putMany = (entries) => {
    if (entries.some((entry) => entry.collection === collection)) throw new Error(`no writes to ${collection} today`);
    putMany.call(store, entries);
  };
  return () => {
    store.put = put;
    store.putMany = putMany;
  };
}

async function appWithLog(url: string, store?: Store): Promise<{ t: TestApp; logged: string[] }> {
  const logged: string[] = [];
  const client = { clientId: 'mock-client', clientSecret: 'mock-secret', webhook: { url, secret: SECRET } };
  const t = await createTestApp({ clients: [client] }, { logger: { ...silentLogger, error: (line) => logged.push(line) }, ...(store ? { store } : {}) });
  return { t, logged };
}

describe('a write refused with the move that pays', () => {
  it('the wallet ledger: the PIN answer is a 500; the payment, order, wallet, statement, webhooks and events are as before', async () => {
    const hooks = await receiver();
    const { t, logged } = await appWithLog(hooks.url);
    await t.http.put(`${WALLETS}/${encodeURIComponent(PHONE)}`).send({ balance: 1000, pin: '1234' }).expect(201);
    const order = await placeOrder(t, WALLET_ORDER_600, await tokenFor(t));
    await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
    const eventsBefore = t.events.length;
    const deliveriesBefore = t.core.webhooks.deliveries().length;

    const repair = breakWritesTo(t.store, 'walletEntries');
    const refused = await t.http.post(`${WALLETS}/${encodeURIComponent(PHONE)}/prompt`).send({ action: 'pin', pin: '1234' });
    expect(refused.status).toBe(500);
    expect(refused.body.error).toBe('erro_interno');
    expect(logged.join('\n')).toMatch(/Error: no writes to walletEntries today/);

    expect(t.store.get<OrderLike>('orders', order.id)?.status).toBe('PENDING');
    expect(t.store.list<OrderLike>('payments', 'mock-client').map((payment) => payment.status)).toEqual(['PENDING']);
    expect(t.store.list('walletEntries', 'mock-client')).toEqual([]);
    const wallet = (await t.http.get(`${WALLETS}/${PHONE}`).expect(200)).body.data;
    expect(wallet).toMatchObject({ balance: 1000, spentToday: 0, prompt: { orderId: order.id } });
    expect(t.events.length).toBe(eventsBefore);
    expect(t.core.webhooks.deliveries().length).toBe(deliveriesBefore);

    // Repaired, the same answer makes the change whole: paid, debited, on the statement, announced.
    repair();
    const paid = await t.http.post(`${WALLETS}/${encodeURIComponent(PHONE)}/prompt`).send({ action: 'pin', pin: '1234' }).expect(200);
    expect(paid.body.data).toMatchObject({ orderId: order.id, status: 'PAID', wallet: { balance: 400 } });
    expect(t.store.list('walletEntries', 'mock-client')).toHaveLength(1);
    expect(t.events.slice(eventsBefore).map((event) => event.type)).toEqual(expect.arrayContaining(['order.paid', 'payment.paid']));
  });
});

describe('a stager that throws fails the whole change', () => {

  it('the webhook outbox: the status poll that pays is a 500; nothing is paid, delivered or published; the store on disk holds none of it', async () => {
    const hooks = await receiver();
    const file = join(mkdtempSync(join(tmpdir(), 'staging-')), 'db.json');
    const store = await openStore({ file });
    const { t, logged } = await appWithLog(hooks.url, store);
    const token = await tokenFor(t);
    const orderId = await placeAnOrder(t, token);
    const poll = () => t.http.get(`/v1/orders/${orderId}/status`).set(bearer(token));
    // The default progression pays on the third poll.
    await poll().expect(200);
    await poll().expect(200);
    const eventsBefore = t.events.length;

    const repair = breakWritesTo(t.store, 'webhookDeliveries');
    const refused = await poll();
    expect(refused.status).toBe(500);
    expect(refused.body).toMatchObject({ error: 'erro_interno' });
    expect(logged.join('\n')).toMatch(/the stager "webhook outbox" failed/);
    expect(t.store.get<OrderLike>('orders', orderId)?.status).toBe('PENDING');
    expect(t.store.list('webhookDeliveries', 'mock-client')).toEqual([]);
    expect(t.events.length).toBe(eventsBefore);

    // What reached the disk: the order as placed, never paid (the store reopened from its files).
    await t.store.checkpoint();
    repair();
    await store.close();
    const reopened = await openStore({ file });
    stores.push(reopened);
    expect(reopened.get<OrderLike>('orders', orderId)?.status).toBe('PENDING');
    expect(reopened.list('webhookDeliveries', 'mock-client')).toEqual([]);
  });
});

describe('store.abandon', () => {
  it('takes back what is not durable, in memory and on disk, and leaves what is', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'abandon-')), 'db.json');
    const store = await openStore({ file });
    store.put('products', { id: 'prd_kept', clientId: 'c', createdAt: '2026-01-01T00:00:00.000Z' });
    await store.commit();
    store.put('products', { id: 'prd_gone', clientId: 'c', createdAt: '2026-01-01T00:00:01.000Z' });
    store.setMeta('note', 'gone');
    const waiting = store.commit();
    store.abandon(new Error('a stager threw'));
    await expect(waiting).rejects.toThrow('a stager threw');
    expect(store.get('products', 'prd_gone')).toBeUndefined();
    expect(store.getMeta('note')).toBeUndefined();
    expect(store.get('products', 'prd_kept')).toBeDefined();
    await store.close();
    const reopened = await openStore({ file });
    stores.push(reopened);
    expect(reopened.list<StoredRecord>('products', 'c').map((product) => product.id)).toEqual(['prd_kept']);
  });

  it('in memory too', async () => {
    const store = await openStore({});
    stores.push(store);
    store.put('products', { id: 'prd_kept', clientId: 'c', createdAt: '2026-01-01T00:00:00.000Z' });
    await store.commit();
    store.put('products', { id: 'prd_gone', clientId: 'c', createdAt: '2026-01-01T00:00:01.000Z' });
    store.abandon(new Error('a stager threw'));
    expect(store.list<StoredRecord>('products', 'c').map((product) => product.id)).toEqual(['prd_kept']);
  });
});

describe('in memory, what abandon could take back stays bounded', () => {
  it('lines no commit follows are forgotten at the checkpoint their bytes bring on', async () => {
    const store = await openStore({ checkpointBytes: 2_000 });
    stores.push(store);
    for (let index = 0; index < 200; index += 1) store.setMeta('bookkeeping', index);
    await new Promise((resolve) => setImmediate(resolve));
    store.abandon(new Error('a later stager threw'));
    // Forgotten at the checkpoint: the last value stays, as a write before a checkpoint is kept.
    expect(store.getMeta('bookkeeping')).toBe(199);
  });
});
