/**
 * Each rule of the audit (src/audit/rules/), one by one, as ESLint's RuleTester would: a naive client that shows the
 * habit and a careful one that does not, each a tenant of one mock (its own frozen clock, moved when the client waits),
 * every request through the HTTP stack and every answer checked against its document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';
import { AUDIT_CART, auditTenant, type AuditTenant } from '../support/audit-clients.ts';

let mock: Mock;
beforeAll(async () => {
  mock = await startCheckedMock({ logLevel: 'silent' });
});
afterAll(() => mock.stop());

const finding = async (shop: AuditTenant, id: string) => (await shop.audit()).findings.find((one) => one.id === id);
const shop = (options: Parameters<typeof auditTenant>[1] = {}) => auditTenant(mock, options);

async function placed(client: AuditTenant, token: string, cart: unknown = AUDIT_CART): Promise<string> {
  const answer = await client.send('POST', '/v1/orders', { token, body: cart });
  expect(answer.status).toBe(201);
  return answer.body.data.id as string;
}

describe('token.churn', () => {
  it('naive: a token per call while one is valid is an error naming each token request', async () => {
    const naive = await shop();
    const ids: string[] = [];
    for (let call = 0; call < 4; call += 1) {
      const token = await naive.token();
      const answer = await naive.send('GET', '/v1/products', { token });
      expect(answer.status).toBe(200);
    }
    for (const entry of await naive.tenant.requests.list({ operationId: 'issueToken' })) ids.push(entry.id);
    const found = await finding(naive, 'token.churn');
    expect(found).toMatchObject({ severity: 'error', docs: 'docs/audit.md#tokenchurn' });
    // The seconds are the client's clock's: frozen, but an arrival is read once its client is known.
    expect(found?.verdict).toMatch(/^3 token requests in [\d.]+ s while a valid token was held$/);
    expect(found?.evidence.numbers).toMatchObject({ tokenRequests: 3, allowance: 2, ttlSeconds: 3600 });
    // The three taken while the first was held; the first is not churn.
    expect(found?.evidence.requestIds).toEqual(ids.slice(0, 3).reverse());
  });

  it('careful: one token reused until it expires, then a new one, is no finding', async () => {
    const careful = await shop();
    let token = await careful.token();
    for (let call = 0; call < 4; call += 1) expect((await careful.send('GET', '/v1/products', { token })).status).toBe(200);
    await careful.wait(3600);
    token = await careful.token();
    expect((await careful.send('GET', '/v1/products', { token })).status).toBe(200);
    expect(await careful.findingIds()).toEqual([]);
  });
});

describe('token.limit-thrash', () => {
  it('naive: a sixth token refused by the limit of 5 is an error naming the refusal', async () => {
    const naive = await shop();
    for (let call = 0; call < 5; call += 1) await naive.token();
    const refused = await naive.send('POST', '/v1/auth/token', { body: { client_id: naive.clientId, client_secret: naive.clientSecret } });
    expect(refused.status).toBe(400);
    const found = await finding(naive, 'token.limit-thrash');
    expect(found?.severity).toBe('error');
    expect(found?.evidence.numbers).toMatchObject({ refused: 1, revokedOwn: 0, maxActivePerClient: 5 });
    const [refusal] = await naive.tenant.requests.list({ operationId: 'issueToken', status: 400 });
    expect(found?.evidence.requestIds).toEqual([refusal?.id]);
  });

  it('careful: one token for every call is no finding', async () => {
    const careful = await shop();
    const token = await careful.token();
    for (let call = 0; call < 6; call += 1) expect((await careful.send('GET', '/v1/products', { token })).status).toBe(200);
    expect(await finding(careful, 'token.limit-thrash')).toBeUndefined();
  });
});

describe('token.expired-reuse', () => {
  it('naive: sending again a token refused as expired is a warning naming both refusals', async () => {
    const naive = await shop();
    const token = await naive.token();
    await naive.wait(3601);
    for (let call = 0; call < 3; call += 1) expect((await naive.send('GET', '/v1/products', { token })).body.error).toBe('TOKEN_EXPIRADO');
    const found = await finding(naive, 'token.expired-reuse');
    expect(found).toMatchObject({ severity: 'warning', verdict: '2 requests sent with a token the gateway had already refused as expired or revoked' });
    expect(found?.evidence.requestIds).toHaveLength(3);
  });

  it('careful: one refusal, then a new token, is no finding', async () => {
    const careful = await shop();
    const token = await careful.token();
    await careful.wait(3601);
    expect((await careful.send('GET', '/v1/products', { token })).status).toBe(401);
    expect((await careful.send('GET', '/v1/products', { token: await careful.token() })).status).toBe(200);
    expect(await careful.findingIds()).toEqual([]);
  });
});

describe('poll.tight', () => {
  it('naive: status reads with no wait are an error naming the order and the reads', async () => {
    const naive = await shop();
    const token = await naive.token();
    const orderId = await placed(naive, token);
    for (let poll = 0; poll < 5; poll += 1) await naive.send('GET', `/v1/orders/${orderId}/status`, { token });
    const found = await finding(naive, 'poll.tight');
    expect(found?.severity).toBe('error');
    expect(found?.verdict).toMatch(/^4 status reads of one order less than 1 s after the one before \(the closest [\d.]+ s\)$/);
    expect(found?.evidence.orderIds).toEqual([orderId]);
    expect(found?.evidence.requestIds).toHaveLength(4);
  });

  it('careful: reads a growing wait apart are no finding', async () => {
    const careful = await shop();
    const token = await careful.token();
    const orderId = await placed(careful, token);
    for (const seconds of [1, 2, 4, 8]) {
      await careful.wait(seconds);
      await careful.send('GET', `/v1/orders/${orderId}/status`, { token });
    }
    expect(await careful.findingIds()).toEqual([]);
  });
});

describe('poll.after-final', () => {
  it('naive: reads after the order showed PAID are a warning', async () => {
    const naive = await shop({ scenario: 'order-paid' });
    const token = await naive.token();
    const orderId = await placed(naive, token);
    for (let poll = 0; poll < 4; poll += 1) {
      await naive.wait(2);
      await naive.send('GET', `/v1/orders/${orderId}/status`, { token });
    }
    const found = await finding(naive, 'poll.after-final');
    expect(found).toMatchObject({ severity: 'warning', verdict: '2 status reads of an order after it was final' });
    expect(found?.evidence.numbers).toMatchObject({ readsAfterFinal: 2, allowance: 1 });
  });

  it('careful: stopping at the first final status is no finding', async () => {
    const careful = await shop({ scenario: 'order-paid' });
    const token = await careful.token();
    const orderId = await placed(careful, token);
    await careful.wait(2);
    expect((await careful.send('GET', `/v1/orders/${orderId}/status`, { token })).body.data.status).toBe('PAID');
    expect(await careful.findingIds()).toEqual([]);
  });
});

describe('poll.unbounded', () => {
  const STUCK = { ...AUDIT_CART, customer: { name: 'Ana', phone: '+258 84 000 0007' } };

  it('naive: a stuck order read every 10 s for 6 minutes is a warning', async () => {
    const naive = await shop();
    const token = await naive.token();
    const orderId = await placed(naive, token, STUCK);
    for (let poll = 0; poll < 37; poll += 1) {
      await naive.wait(10);
      await naive.send('GET', `/v1/orders/${orderId}/status`, { token });
    }
    const found = await finding(naive, 'poll.unbounded');
    expect(found?.verdict).toMatch(new RegExp(`^order ${orderId} read 37 times over 6 min, every [\\d.]+ s to [\\d.]+ s, with no backoff$`));
    expect(found?.evidence.numbers).toMatchObject({ reads: 37, maxSeconds: 300 });
  });

  it('careful: a wait that doubles up to a ceiling is no finding', async () => {
    const careful = await shop();
    const token = await careful.token();
    const orderId = await placed(careful, token, STUCK);
    for (const seconds of [1, 2, 4, 8, 16, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30]) {
      await careful.wait(seconds);
      await careful.send('GET', `/v1/orders/${orderId}/status`, { token });
    }
    expect(await careful.findingIds()).toEqual([]);
  });
});

describe('retry.ignores-retry-after', () => {
  it('naive: a request at once after a 429 with Retry-After: 60 is an error naming both', async () => {
    const naive = await shop();
    const token = await naive.token();
    await mock.admin.outcomes.arm('rate-limit.429', { clientId: naive.clientId });
    const refused = await naive.send('GET', '/v1/products', { token });
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '60']);
    await naive.wait(5);
    expect((await naive.send('GET', '/v1/products', { token })).status).toBe(200);
    const found = await finding(naive, 'retry.ignores-retry-after');
    expect(found?.severity).toBe('error');
    expect(found?.verdict).toMatch(/^1 request sent before the Retry-After of a 429 or 503 \(as soon as [\d.]+ s after it, 60 s asked\)$/);
    expect(found?.evidence.requestIds).toHaveLength(2);
  });

  it('careful: the next request after the Retry-After is no finding', async () => {
    const careful = await shop();
    const token = await careful.token();
    await mock.admin.outcomes.arm('rate-limit.429', { clientId: careful.clientId });
    expect((await careful.send('GET', '/v1/products', { token })).status).toBe(429);
    await careful.wait(60);
    expect((await careful.send('GET', '/v1/products', { token })).status).toBe(200);
    expect(await careful.findingIds()).toEqual([]);
  });
});

describe('order.duplicate', () => {
  it('naive: the same cart (its phone spelt otherwise) placed again after a lost reply is an error naming both', async () => {
    const naive = await shop();
    const token = await naive.token();
    await mock.admin.outcomes.arm('network.reply-lost', { clientId: naive.clientId, operation: 'createOrder' });
    await expect(naive.send('POST', '/v1/orders', { token, body: AUDIT_CART })).rejects.toThrow();
    await placed(naive, token, { ...AUDIT_CART, customer: { name: 'Ana M.', phone: '84 000 0000' } });
    const found = await finding(naive, 'order.duplicate');
    expect(found).toMatchObject({ severity: 'error', verdict: 'the same cart was placed again without a look-up after a failed or unanswered attempt, 1 time' });
    const creates = await naive.tenant.requests.list({ operationId: 'createOrder' });
    expect(found?.evidence.requestIds).toEqual(creates.map((entry) => entry.id).reverse());
    const orders = await mock.admin.clients.orders(naive.clientId);
    expect(orders.data).toHaveLength(2);
  });

  it('careful: a look-up between a 503 and placing the cart again is no finding', async () => {
    const careful = await shop();
    const token = await careful.token();
    await mock.admin.outcomes.arm('server.503', { clientId: careful.clientId, operation: 'createOrder' });
    expect((await careful.send('POST', '/v1/orders', { token, body: AUDIT_CART })).status).toBe(503);
    await careful.wait(30);
    expect((await careful.send('GET', '/v1/orders', { token })).body.data).toEqual([]);
    await placed(careful, token);
    expect(await careful.findingIds()).toEqual([]);
  });
});

describe('secret.exposed', () => {
  it('naive: the secret in a query string is an error, and neither the audit nor the journal shows it', async () => {
    const naive = await shop();
    const token = await naive.token();
    const query = `client_id=${naive.clientId}&client_secret=${encodeURIComponent(naive.clientSecret)}`;
    expect((await naive.send('GET', `/v1/products?${query}`, { token })).status).toBe(400);
    const audit = await naive.audit();
    expect(audit.findings.map((one) => [one.id, one.verdict])).toContainEqual(['secret.exposed', 'the client secret was sent in a query string (1)']);
    expect(JSON.stringify(audit)).not.toContain(naive.clientSecret);
    const [entry] = await naive.tenant.requests.list({ limit: 1 });
    expect(entry).toMatchObject({ secretSent: 'query' });
    expect(JSON.stringify(entry)).not.toContain(naive.clientSecret);
  });

  it('naive: the secret in an order\'s body and as Basic credentials to another operation are named too', async () => {
    const naive = await shop();
    const token = await naive.token();
    await naive.send('POST', '/v1/orders', { token, body: { ...AUDIT_CART, client_secret: naive.clientSecret } });
    const basic = `Basic ${Buffer.from(`${naive.clientId}:${naive.clientSecret}`).toString('base64')}`;
    await naive.send('GET', '/v1/products', { headers: { Authorization: basic } });
    const found = await finding(naive, 'secret.exposed');
    expect(found?.verdict).toBe('the client secret was sent in the body of a non-token operation (1), as Basic credentials to a non-token operation (1)');
    expect(found?.evidence.numbers).toEqual({ inQuery: 0, inBody: 1, asBasic: 1 });
    expect(JSON.stringify(await naive.audit())).not.toContain(naive.clientSecret);
  });

  it('careful: the secret only in the token request\'s body is no finding', async () => {
    const careful = await shop();
    const token = await careful.token();
    expect((await careful.send('GET', '/v1/products', { token })).status).toBe(200);
    expect(await finding(careful, 'secret.exposed')).toBeUndefined();
  });
});

describe('request.invalid-repeated', () => {
  const EMPTY = { customer: { name: 'Ana', phone: '+258 84 000 0000' }, items: [] };

  it('naive: the same 400 four times is a warning naming the refusal', async () => {
    const naive = await shop();
    const token = await naive.token();
    for (let call = 0; call < 4; call += 1) expect((await naive.send('POST', '/v1/orders', { token, body: EMPTY })).status).toBe(400);
    const found = await finding(naive, 'request.invalid-repeated');
    expect(found?.severity).toBe('warning');
    expect(found?.verdict).toMatch(/^createOrder was refused 4 times with the same 400: /);
    expect(found?.evidence.numbers).toEqual({ refusals: 4, max: 3 });
  });

  it('careful: a refusal read and the request fixed is no finding', async () => {
    const careful = await shop();
    const token = await careful.token();
    expect((await careful.send('POST', '/v1/orders', { token, body: EMPTY })).status).toBe(400);
    await placed(careful, token);
    expect(await careful.findingIds()).toEqual([]);
  });
});

describe('a tenant\'s audit', () => {
  it('never names another tenant\'s requests, and the severity filter keeps what is at or above it', async () => {
    const naive = await shop();
    const careful = await shop();
    const carefulToken = await careful.token();
    for (let call = 0; call < 4; call += 1) {
      await naive.send('GET', '/v1/products', { token: await naive.token() });
      expect((await careful.send('GET', '/v1/products', { token: carefulToken })).status).toBe(200);
    }
    expect(await careful.findingIds()).toEqual([]);
    const theirs = new Set((await careful.tenant.requests.list({ limit: 1000 })).map((entry) => entry.id));
    const audit = await naive.audit();
    expect(audit.findings.flatMap((one) => one.evidence.requestIds).filter((id) => theirs.has(id))).toEqual([]);
    expect(audit.basedOn).toEqual({ requests: 8, deliveries: 0, drills: 0, complete: true });
    expect((await naive.audit('error')).findings.map((one) => one.id)).toEqual(['token.churn']);
  });
});
