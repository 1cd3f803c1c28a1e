/**
 * What a journal entry keeps for the audit (src/state/journal-facts.ts), read through `GET /__admin/requests` (each
 * answer checked against spec/admin.yaml): a 429's `Retry-After`, the status an order look-up showed, an order
 * request's cart as a digest (one digest however the phone is spelt, no phone kept), where a secret went (never the
 * secret), a 400's detail; and nothing of these on an answer they do not concern.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';
import { AUDIT_CART, auditTenant } from '../support/audit-clients.ts';

let mock: Mock;
beforeAll(async () => {
  mock = await startCheckedMock({ logLevel: 'silent' });
});
afterAll(() => mock.stop());

describe('the audit facts of a journal entry', () => {
  it('keeps Retry-After, an order status, a cart digest, where a secret went and a 400 detail, each only where it concerns', async () => {
    const shop = await auditTenant(mock);
    const token = await shop.token();
    const orderId = (await shop.send('POST', '/v1/orders', { token, body: AUDIT_CART })).body.data.id as string;
    await shop.send('POST', '/v1/orders', { token, body: { ...AUDIT_CART, customer: { name: 'Ana M.', phone: '00258 84 000 0000' } } });
    await shop.send('POST', '/v1/orders', { token, body: { ...AUDIT_CART, items: [{ name: 'Caju', price: 120, quantity: 1 }] } });
    await shop.send('GET', `/v1/orders/${orderId}/status`, { token });
    await mock.admin.outcomes.arm('rate-limit.429', { clientId: shop.clientId });
    await shop.send('GET', '/v1/products', { token });
    await shop.send('GET', `/v1/products?client_secret=${encodeURIComponent(shop.clientSecret)}`, { token });
    await shop.send('POST', '/v1/orders', { token, body: { customer: AUDIT_CART.customer, items: [] } });

    const entries = (await shop.tenant.requests.list()).reverse();
    const facts = entries.map(({ operationId, status, retryAfterSeconds, orderStatus, cart, secretSent, errorDetail }) => ({
      operationId,
      status,
      ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
      ...(orderStatus !== undefined && { orderStatus }),
      ...(cart !== undefined && { cart: cart.length }),
      ...(secretSent !== undefined && { secretSent }),
      ...(errorDetail !== undefined && { errorDetail }),
    }));
    expect(facts).toEqual([
      { operationId: 'issueToken', status: 200 },
      { operationId: 'createOrder', status: 201, cart: 21 },
      { operationId: 'createOrder', status: 201, cart: 21 },
      { operationId: 'createOrder', status: 201, cart: 21 },
      { operationId: 'getOrderStatus', status: 200, orderStatus: 'PENDING' },
      { operationId: 'listProducts', status: 429, retryAfterSeconds: 60 },
      expect.objectContaining({ operationId: 'listProducts', secretSent: 'query' }),
      expect.objectContaining({ operationId: 'createOrder', status: 400, errorDetail: expect.stringMatching(/^.+ · items$/) }),
    ]);
    const carts = entries.filter((entry) => entry.operationId === 'createOrder').map((entry) => entry.cart);
    // The same cart, its phone spelt with 00: one digest; other items: another.
    expect(carts[0]).toBe(carts[1]);
    expect(carts[2]).not.toBe(carts[0]);
    expect(JSON.stringify(entries)).not.toContain(shop.clientSecret);
    expect(JSON.stringify(entries)).not.toContain('840000000');
  });
});
