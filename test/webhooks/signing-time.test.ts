/**
 * A delivery is signed with the real time of sending, whatever the mock clock says, so receivers
 * verifying with `standardwebhooks` or `svix` (5 minutes of tolerance, not configurable) accept it after the mock
 * clock moved 30 days ahead, and after it stayed frozen for 6 real minutes; the mock format's `t=` likewise. The
 * payload keeps the mock clock's times. The real clock is faked (Date), never waited for.
 */
import { randomBytes } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClock } from '../../src/platform/clock.ts';
import { verifySignature } from '../../src/webhooks/webhooks.ts';
import { createTestApp, FROZEN_AT, type TestApp } from '../support/test-app.ts';
import { receiversClosedAfterEach, until, type Received } from '../support/webhook-receiver.ts';
import { payAnOrder } from '../support/webhook-support.ts';

const startReceiver = receiversClosedAfterEach();
const THIRTY_DAYS_S = 30 * 24 * 3600;
const SIX_MINUTES_MS = 6 * 60 * 1000;
const headersOf = (hit: Received) => Object.fromEntries(Object.entries(hit.headers).map(([name, value]) => [name, String(value)]));

// Real time starts where the test app's frozen mock clock stands; each case then moves one of the two.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(FROZEN_AT);
});
afterEach(() => void vi.useRealTimers());

async function paidOrderDelivery(t: TestApp, receiver: { received: Received[] }): Promise<Received> {
  await payAnOrder(t);
  await until(() => receiver.received.some((hit) => hit.body.type === 'order.status_changed'), 'order delivery');
  return receiver.received.find((hit) => hit.body.type === 'order.status_changed')!;
}

/** The two ways the mock clock leaves real time behind. */
const MOVES: Array<[string, (t: TestApp) => Promise<void>]> = [
  ['after the mock clock advanced 30 days', async (t) => void (await t.http.post('/__admin/clock/advance').send({ seconds: THIRTY_DAYS_S }).expect(200))],
  ['after the mock clock stayed frozen for 6 real minutes', async () => void vi.setSystemTime(FROZEN_AT.getTime() + SIX_MINUTES_MS)],
];

describe('the signature timestamp is the real time of sending', () => {
  it.each(MOVES)('standard format, %s: standardwebhooks and svix verify the delivery; the payload keeps mock times', async (_name, move) => {
    const receiver = await startReceiver();
    const t = await createTestApp();
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: receiver.url, secret, format: 'standard' }).expect(200);
    await move(t);
    const hit = await paidOrderDelivery(t, receiver);
    expect(hit.headers['webhook-timestamp']).toBe(String(Math.floor(Date.now() / 1000)));
    expect(new StandardWebhook(secret).verify(hit.rawBody, headersOf(hit))).toEqual(hit.body);
    expect(new SvixWebhook(secret).verify(hit.rawBody, headersOf(hit))).toEqual(hit.body);
    expect(hit.body.createdAt).toBe(t.clock.now().toISOString());
  });

  it.each(MOVES)('mock format, %s: X-Mock-Signature verifies against the real clock with 5 minutes of tolerance', async (_name, move) => {
    const receiver = await startReceiver();
    const t = await createTestApp();
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: receiver.url, secret: 'mock-format-secret' }).expect(200);
    await move(t);
    const hit = await paidOrderDelivery(t, receiver);
    const header = String(hit.headers['x-mock-signature']);
    expect(header).toMatch(new RegExp(`^t=${Math.floor(Date.now() / 1000)},v1=`));
    expect(verifySignature(hit.rawBody, header, 'mock-format-secret', 300, Math.floor(Date.now() / 1000))).toBe(true);
    expect(hit.body.createdAt).toBe(t.clock.now().toISOString());
  });

  it('the clock tells real time apart from mock time: wallMs reads the injected system clock, never moved by QA', () => {
    let system = Date.parse('2026-05-01T12:00:00Z');
    const clock = createClock({ frozenAt: FROZEN_AT, systemNowMs: () => system });
    clock.advance(THIRTY_DAYS_S);
    system += SIX_MINUTES_MS;
    expect(clock.wallMs()).toBe(Date.parse('2026-05-01T12:06:00Z'));
    expect(clock.nowMs()).toBe(FROZEN_AT.getTime() + THIRTY_DAYS_S * 1000);
  });
});
