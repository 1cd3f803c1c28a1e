/**
 * Deliveries in the Standard Webhooks format, checked with the `standardwebhooks` library a receiver would use:
 * a `format: "standard"` endpoint set over the admin API, a secret the format refuses, and a secret rotation
 * (both signatures during the overlap, the new one alone after it), in both formats.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECRET_OVERLAP_SECONDS } from '../../src/webhooks/secret-rotation.ts';
import { verifySignature } from '../../src/webhooks/webhooks.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { receiversClosedAfterEach, until, type Received } from '../support/webhook-receiver.ts';
import { payAnOrder } from '../support/webhook-support.ts';

const startReceiver = receiversClosedAfterEach();
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const headersOf = (hit: Received) => Object.fromEntries(Object.entries(hit.headers).map(([name, value]) => [name, String(value)]));

// The real clock holds still: the signature's timestamp is the real time of sending (test/webhooks/signing-time.test.ts).
beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => void vi.useRealTimers());
const realSeconds = () => String(Math.floor(Date.now() / 1000));

async function orderDeliveries(t: TestApp, receiver: { received: Received[] }, count: number): Promise<Received> {
  await payAnOrder(t);
  await until(() => receiver.received.filter((hit) => hit.body.type === 'order.status_changed').length >= count, `order delivery ${count}`);
  return receiver.received.filter((hit) => hit.body.type === 'order.status_changed')[count - 1]!;
}

describe('Standard Webhooks format', () => {
  it('a delivery to a "standard" endpoint verifies with the standardwebhooks library, and carries no X-Mock-Signature', async () => {
    const receiver = await startReceiver();
    const t = await createTestApp();
    const secret = newSecret();
    const set = await t.http.put('/__admin/clients/mock-client/webhook').send({ url: receiver.url, secret, format: 'standard' }).expect(200);
    expect(set.body.data).toEqual({ clientId: 'mock-client', url: receiver.url, format: 'standard', secretHint: secret.slice(-4) });
    const hit = await orderDeliveries(t, receiver, 1);
    expect(new Webhook(secret).verify(hit.rawBody, headersOf(hit))).toEqual(hit.body);
    expect(hit.headers['webhook-id']).toBe(hit.body.id);
    expect(hit.headers['webhook-timestamp']).toBe(realSeconds());
    expect(hit.headers['x-mock-signature']).toBeUndefined();
    expect(() => new Webhook(newSecret()).verify(hit.rawBody, headersOf(hit))).toThrow('No matching signature found');
  });

  it('a "standard" endpoint whose secret is not whsec_ base64 of 24–64 bytes is refused with 400, the endpoint unchanged', async () => {
    const t = await createTestApp();
    for (const [secret, reason] of [
      ['plain-secret-123', 'starts with whsec_'],
      ['whsec_not base64!!', 'is base64'],
      [`whsec_${randomBytes(8).toString('base64')}`, 'holds 24 to 64 bytes (this one 8)'],
    ] as const) {
      const refused = await t.http.put('/__admin/clients/mock-client/webhook').send({ url: 'http://127.0.0.1:9/hooks', secret, format: 'standard' }).expect(400);
      expect(refused.body).toMatchObject({ error: 'invalid_request', message: 'Segredo de webhook recusado para este formato' });
      expect(refused.body.details).toEqual([{ path: 'secret', message: expect.stringContaining(reason) }]);
    }
    const unknown = await t.http.put('/__admin/clients/mock-client/webhook').send({ url: 'http://127.0.0.1:9/hooks', secret: newSecret(), format: 'svix' }).expect(400);
    expect(unknown.body.details[0].path).toContain('format');
    expect(t.core.webhooks.endpoint('mock-client')).toBeUndefined();
    expect((await t.http.get('/__admin/clients').expect(200)).body.data[0].webhook).toBeUndefined();
  });

  it('a rotated secret: both signatures during the overlap (each verifies alone), the new one alone after it', async () => {
    const receiver = await startReceiver();
    const t = await createTestApp();
    const [oldSecret, currentSecret] = [newSecret(), newSecret()];
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: receiver.url, secret: oldSecret, format: 'standard' }).expect(200);
    const rotated = await t.http.put('/__admin/clients/mock-client/webhook').send({ url: receiver.url, secret: currentSecret, format: 'standard' }).expect(200);
    const until_ = new Date(t.clock.nowMs() + SECRET_OVERLAP_SECONDS * 1000).toISOString();
    expect(rotated.body.data.previousSecretExpiresAt).toBe(until_);

    const during = await orderDeliveries(t, receiver, 1);
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [oldSecret, currentSecret]) expect(new Webhook(secret).verify(during.rawBody, headersOf(during))).toEqual(during.body);

    await t.http.post('/__admin/clock/advance').send({ seconds: SECRET_OVERLAP_SECONDS }).expect(200);
    const after = await orderDeliveries(t, receiver, 2);
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(new Webhook(currentSecret).verify(after.rawBody, headersOf(after))).toEqual(after.body);
    expect(() => new Webhook(oldSecret).verify(after.rawBody, headersOf(after))).toThrow('No matching signature found');
  });

  it('in the mock format a rotation sends two v1= signatures in X-Mock-Signature, each verifying', async () => {
    const receiver = await startReceiver();
    const t = await createTestApp();
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: receiver.url, secret: 'first-secret-1' }).expect(200);
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: receiver.url, secret: 'second-secret-2' }).expect(200);
    const hit = await orderDeliveries(t, receiver, 1);
    const header = String(hit.headers['x-mock-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    const now = Number(realSeconds());
    for (const secret of ['first-secret-1', 'second-secret-2']) expect(verifySignature(hit.rawBody, header, secret, 300, now)).toBe(true);
  });
});
