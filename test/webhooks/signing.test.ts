/** The signature scheme, the event → payload mapping, the backoff and the webhook field of the configuration. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/platform/config.ts';
import type { DomainEvent } from '../../src/domain/events.ts';
import { webhookPayloadOf } from '../../src/webhooks/payload.ts';
import { DEFAULT_RETRY_SCHEDULE, retryDelaySeconds } from '../../src/webhooks/retry-schedule.ts';
import { signatureHeader, verifySignature } from '../../src/webhooks/signing.ts';

const SECRET = 'whsec_test_0123456789';
const BODY = '{"id":"evt_1","type":"order.status_changed","createdAt":"2026-03-02T10:00:00.000Z","data":{"orderId":"ord_1","status":"PAID"}}';
const T = 1_772_445_600;

describe('webhook signatures', () => {
  it('t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    const expected = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    expect(signatureHeader(BODY, SECRET, T)).toBe(`t=${T},v1=${expected}`);
  });

  it('verifies the body as sent, within the tolerance, with the right secret only', () => {
    const header = signatureHeader(BODY, SECRET, T);
    expect(verifySignature(BODY, header, SECRET, 300, T)).toBe(true);
    expect(verifySignature(Buffer.from(BODY), header, SECRET, 300, T + 300)).toBe(true);
    expect(verifySignature(BODY, header, SECRET, 300, T + 301)).toBe(false);
    expect(verifySignature(BODY, header, SECRET, 300, T - 301)).toBe(false);
    expect(verifySignature(BODY.replace('PAID', 'FAILED'), header, SECRET, 300, T)).toBe(false);
    expect(verifySignature(BODY, header, 'whsec_other_secret', 300, T)).toBe(false);
    // A replay under a fresh timestamp: the old signature does not cover it.
    expect(verifySignature(BODY, header.replace(`t=${T}`, `t=${T + 1000}`), SECRET, 300, T + 1000)).toBe(false);
  });

  it('refuses missing or malformed headers, and accepts any matching v1 among several', () => {
    const good = signatureHeader(BODY, SECRET, T);
    for (const header of [undefined, '', 'v1=abc', `t=${T}`, `t=x,${good.split(',')[1]}`, `t=${T},v1=${'0'.repeat(63)}`]) {
      expect(verifySignature(BODY, header, SECRET, 300, T), String(header)).toBe(false);
    }
    expect(verifySignature(BODY, `${good},v1=${'0'.repeat(64)}`, SECRET, 300, T)).toBe(true);
    expect(verifySignature(BODY, `t=${T},v1=${'0'.repeat(64)},${good.split(',')[1]}`, SECRET, 300, T)).toBe(true);
  });
});

describe('webhook payloads', () => {
  const at = '2026-03-02T10:00:00.000Z';
  const base = { clientId: 'mock-client', at };

  it('status changes of orders, payments and subscriptions', () => {
    const cases: Array<[DomainEvent, unknown]> = [
      [{ ...base, type: 'order.failed', orderId: 'ord_1', status: 'FAILED' }, { type: 'order.status_changed', data: { orderId: 'ord_1', status: 'FAILED' } }],
      [{ ...base, type: 'order.cancelled', orderId: 'ord_1', status: 'CANCELLED' }, { type: 'order.status_changed', data: { orderId: 'ord_1', status: 'CANCELLED' } }],
      [
        { ...base, type: 'payment.refunded', paymentId: 'pay_1', status: 'REFUNDED', orderId: 'ord_1' },
        { type: 'payment.status_changed', data: { paymentId: 'pay_1', status: 'REFUNDED', orderId: 'ord_1' } },
      ],
      [
        { ...base, type: 'payment.failed', paymentId: 'pay_2', status: 'FAILED', subscriptionId: 'sub_1' },
        { type: 'payment.status_changed', data: { paymentId: 'pay_2', status: 'FAILED', subscriptionId: 'sub_1' } },
      ],
      [
        { ...base, type: 'subscription.activated', subscriptionId: 'sub_1', status: 'ACTIVE' },
        { type: 'subscription.status_changed', data: { subscriptionId: 'sub_1', status: 'ACTIVE' } },
      ],
      [
        { ...base, type: 'subscription.cancelled', subscriptionId: 'sub_1', status: 'CANCELLED' },
        { type: 'subscription.status_changed', data: { subscriptionId: 'sub_1', status: 'CANCELLED' } },
      ],
    ];
    for (const [event, expected] of cases) expect(webhookPayloadOf(event, 'evt_1')).toEqual({ id: 'evt_1', createdAt: at, ...(expected as object) });
  });

  it('creations, tokens and catalogue records are not sent', () => {
    const silent: DomainEvent[] = [
      { ...base, type: 'order.created', orderId: 'ord_1', status: 'PENDING' },
      { ...base, type: 'payment.created', paymentId: 'pay_1', status: 'PENDING', orderId: 'ord_1' },
      { ...base, type: 'subscription.created', subscriptionId: 'sub_1', status: 'PENDING' },
      { ...base, type: 'token.issued', tokenId: 'tok_1', kind: 'access' },
      { ...base, type: 'product.created', recordId: 'prod_1' },
    ];
    expect(silent.map((event) => webhookPayloadOf(event, 'evt_1'))).toEqual(silent.map(() => undefined));
  });
});

describe('webhook backoff', () => {
  it('doubles from 10 s, caps, and gives up after the last attempt', () => {
    expect([1, 2, 3, 7, 8].map((attempts) => retryDelaySeconds(attempts, DEFAULT_RETRY_SCHEDULE))).toEqual([10, 20, 40, 640, undefined]);
    expect(retryDelaySeconds(20, { maxAttempts: 30, firstDelaySeconds: 10, maxDelaySeconds: 3600 })).toBe(3600);
  });
});

describe('webhook configuration', () => {
  const withWebhook = (webhook: unknown) => parseConfig({ clients: [{ clientId: 'a', clientSecret: 'x', webhook }] }, 'mock.yaml');

  it('takes an http(s) URL and a secret of 8 characters or more', () => {
    const result = withWebhook({ url: 'https://shop.example/hooks', secret: 'whsec_12345' });
    expect(result.ok && result.config.clients[0]?.webhook).toEqual({ url: 'https://shop.example/hooks', secret: 'whsec_12345' });
  });

  it('names the field of a bad URL, a short secret or an unknown key', () => {
    const problems = (webhook: unknown) => {
      const result = withWebhook(webhook);
      return result.ok ? [] : result.problems;
    };
    expect(problems({ url: 'ftp://shop.example/hooks', secret: 'whsec_12345' })).toEqual([expect.stringContaining('mock.yaml: clients.0.webhook.url')]);
    expect(problems({ url: 'http://shop.example', secret: 'short' })).toEqual([expect.stringContaining('mock.yaml: clients.0.webhook.secret')]);
    expect(problems({ url: 'http://shop.example', secret: 'whsec_12345', events: [] })).toEqual([expect.stringContaining('mock.yaml: clients.0.webhook')]);
  });
});
