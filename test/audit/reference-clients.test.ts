/**
 * The reference clients of examples/audit/: the careful one places an order and follows it to its end under the
 * `flaky-network` scenario with no finding; the naive one shows the habits the issue names, each with its requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';
import { AUDIT_CART, auditTenant, referenceClients } from '../support/audit-clients.ts';

describe('the reference clients of examples/audit/', () => {
  let mock: Mock;
  beforeAll(async () => {
    // Revoke-oldest: the naive client's token per call would otherwise be refused at its sixth.
    mock = await startCheckedMock({ logLevel: 'silent', tokens: { limitPolicy: 'revoke-oldest' } });
  });
  afterAll(() => mock.stop());

  it('the careful client makes twelve purchases under flaky-network, meets its failures, and the audit finds nothing', async () => {
    const shop = await auditTenant(mock, { scenario: 'flaky-network' });
    const { carefulClient } = await referenceClients();
    const client = carefulClient({ baseUrl: mock.url, clientId: shop.clientId, clientSecret: shop.clientSecret, sleep: shop.sleep });
    for (let purchase = 0; purchase < 12; purchase += 1) {
      const cart = { ...AUDIT_CART, items: [{ name: `Capulana ${purchase}`, price: 350 + purchase, quantity: 1 }] };
      expect(['PAID', 'FAILED', 'CANCELLED']).toContain((await client.purchase(cart)).status);
    }
    // The network misbehaved: connections dropped, 503s with Retry-After, on placing orders too.
    const entries = await shop.tenant.requests.list({ limit: 1000 });
    expect(entries.filter((entry) => entry.status === 0).length).toBeGreaterThan(0);
    expect(entries.filter((entry) => entry.status === 503 && entry.retryAfterSeconds === 1).length).toBeGreaterThan(0);
    expect(entries.filter((entry) => entry.operationId === 'createOrder' && (entry.status === 0 || entry.status === 503)).length).toBeGreaterThan(0);
    const audit = await shop.audit();
    expect(audit.findings).toEqual([]);
    expect(audit.basedOn).toMatchObject({ requests: entries.length, complete: true });
    // One order per purchase: no cart placed twice.
    expect((await mock.admin.clients.orders(shop.clientId, { limit: 100 })).data).toHaveLength(12);
  });

  it('the naive client yields token.churn, poll.tight, poll.after-final, retry.ignores-retry-after and order.duplicate, each with its requests', async () => {
    const shop = await auditTenant(mock, { scenario: 'order-paid' });
    await mock.admin.outcomes.arm('server.503', { clientId: shop.clientId, operation: 'createOrder' });
    const { runNaiveClient } = await referenceClients();
    await runNaiveClient({ baseUrl: mock.url, clientId: shop.clientId, clientSecret: shop.clientSecret, cart: AUDIT_CART });
    const audit = await shop.audit();
    const ids = audit.findings.map((finding) => finding.id);
    expect(ids).toEqual(expect.arrayContaining(['token.churn', 'poll.tight', 'poll.after-final', 'retry.ignores-retry-after', 'order.duplicate']));
    const journal = new Set((await shop.tenant.requests.list({ limit: 1000 })).map((entry) => entry.id));
    for (const finding of audit.findings) {
      expect(finding.evidence.requestIds.length, finding.id).toBeGreaterThan(0);
      for (const id of finding.evidence.requestIds) expect(journal.has(id), `${finding.id} names ${id}`).toBe(true);
    }
  });
});
