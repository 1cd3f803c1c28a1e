/**
 * Webhooks through the admin API: set and remove a client's endpoint, list deliveries with their attempts, re-send
 * one; the mock clock drives retries; unknown clients and deliveries are 404s and a bad endpoint a 400.
 */
import { describe, expect, it } from 'vitest';
import { verifySignature } from '../../src/webhooks/webhooks.ts';
import { createTestApp } from '../support/test-app.ts';
import { receiversClosedAfterEach, until } from '../support/webhook-receiver.ts';
import { payAnOrder } from '../support/webhook-support.ts';

const SECRET = 'admin-set-secret-1';
const startReceiver = receiversClosedAfterEach();

describe('admin webhooks', () => {
  it('an endpoint set over the admin API receives signed status changes, listed as delivered', async () => {
    const receiver = await startReceiver();
    const t = await createTestApp();
    const set = await t.http.put('/__admin/clients/mock-client/webhook').send({ url: receiver.url, secret: SECRET }).expect(200);
    expect(set.body.data).toEqual({ clientId: 'mock-client', url: receiver.url, format: 'mock', secretHint: 'et-1' });
    expect((await t.http.get('/__admin/clients').expect(200)).body.data[0].webhook).toEqual(set.body.data);
    const orderId = await payAnOrder(t);
    await until(() => receiver.received.length >= 2, 'two deliveries');
    const order = receiver.received.find((hit) => hit.body.type === 'order.status_changed');
    expect(order?.body.data).toMatchObject({ orderId, status: 'PAID' });
    // Signed at the real time of sending (the mock clock is frozen elsewhere), as a receiver checks it.
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(verifySignature(order!.rawBody, String(order!.headers['x-mock-signature']), SECRET, 300, nowSeconds)).toBe(true);
    await until(() => t.core.webhooks.deliveries({ status: 'delivered' }).length >= 2, 'delivered status');
    const listed = await t.http.get('/__admin/webhooks/deliveries?status=delivered&type=order.status_changed').expect(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ clientId: 'mock-client', type: 'order.status_changed', status: 'delivered', url: receiver.url });
    expect(listed.body.data[0].attempts[0].statusCode).toBe(200);
  });

  it('a failing receiver is retried when the clock moves, and a delivery can be re-sent by hand', async () => {
    const receiver = await startReceiver();
    receiver.status = 500;
    const t = await createTestApp();
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: receiver.url, secret: SECRET }).expect(200);
    await payAnOrder(t);
    await until(() => t.core.webhooks.deliveries().every((delivery) => delivery.attempts.length === 1) && t.core.webhooks.deliveries().length === 2, 'first attempts');
    const pending = (await t.http.get('/__admin/webhooks/deliveries?status=pending').expect(200)).body.data;
    expect(pending).toHaveLength(2);
    receiver.status = 200;
    await t.http.post('/__admin/clock/advance').send({ seconds: 10 }).expect(200);
    // The move answers at once; the retries it made due run in the background.
    await t.core.webhooks.idle();
    const after = (await t.http.get('/__admin/webhooks/deliveries').expect(200)).body.data as Array<{ id: string; status: string; attempts: unknown[] }>;
    expect(after.map((delivery) => [delivery.status, delivery.attempts.length])).toEqual([
      ['delivered', 2],
      ['delivered', 2],
    ]);
    const resent = await t.http.post(`/__admin/webhooks/deliveries/${after[0]!.id}/resend`).expect(200);
    expect(resent.body.data.resentFrom).toBe(after[0]!.id);
    await until(() => receiver.received.length === 5, 'the re-sent delivery');
  });

  it('removing the endpoint stops deliveries; unknown clients and deliveries are 404s, a non-http URL a 400', async () => {
    const receiver = await startReceiver();
    const t = await createTestApp();
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: receiver.url, secret: SECRET }).expect(200);
    expect((await t.http.delete('/__admin/clients/mock-client/webhook').expect(200)).body.data).toEqual({ clientId: 'mock-client', webhook: null });
    await payAnOrder(t);
    expect((await t.http.get('/__admin/webhooks/deliveries').expect(200)).body.data).toEqual([]);
    expect((await t.http.put('/__admin/clients/nobody/webhook').send({ url: receiver.url, secret: SECRET }).expect(404)).body.error).toBe('not_found');
    expect((await t.http.delete('/__admin/clients/nobody/webhook').expect(404)).body.error).toBe('not_found');
    expect((await t.http.post('/__admin/webhooks/deliveries/whd_none/resend').expect(404)).body.error).toBe('not_found');
    const bad = await t.http.put('/__admin/clients/mock-client/webhook').send({ url: 'ftp://example.com/x', secret: SECRET }).expect(400);
    expect(bad.body.details[0].path).toBe('url');
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: receiver.url, secret: 'short' }).expect(400);
    expect(t.core.webhooks.endpoint('mock-client')).toBeUndefined();
  });

  it('endpoints and deliveries travel with a snapshot and are forgotten by a reset', async () => {
    const receiver = await startReceiver();
    const t = await createTestApp();
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: receiver.url, secret: SECRET }).expect(200);
    await payAnOrder(t);
    await until(() => t.core.webhooks.deliveries({ status: 'delivered' }).length === 2, 'deliveries');
    await t.http.post('/__admin/snapshots').send({ name: 'paid' }).expect(201);
    await t.http.post('/__admin/reset').expect(200);
    expect(t.core.webhooks.endpoint('mock-client')).toBeUndefined();
    expect((await t.http.get('/__admin/webhooks/deliveries').expect(200)).body.data).toEqual([]);
    await t.http.post('/__admin/snapshots/paid/restore').expect(200);
    expect(t.core.webhooks.endpoint('mock-client')?.url).toBe(receiver.url);
    expect((await t.http.get('/__admin/webhooks/deliveries').expect(200)).body.data).toHaveLength(2);
  });
});
