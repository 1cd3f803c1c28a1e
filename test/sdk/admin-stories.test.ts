/** mock.admin's stories against a started mock: an order's and a subscription's, and a tenant handle's, scoped to it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { AdminError } from '../../src/index.ts';
import { call, placeOrder, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

let mock: Mock;
beforeAll(async () => {
  mock = await startCheckedMock();
});
afterAll(async () => mock.stop());

describe('mock.admin stories', () => {
  it('orders.story(id): the create request, the order placed and moved by the admin API, its payment', async () => {
    const orderId = await placeOrder(mock, await tokenFor(mock));
    await mock.admin.orders.transition(orderId, 'FAILED');
    const story = await mock.admin.orders.story(orderId);
    expect(story).toMatchObject({ orderId, clientId: 'mock-client', status: 'FAILED', failureReason: { code: 'PAYMENT_FAILED' } });
    expect(story.entries.map((entry) => entry.kind)).toEqual(['request', 'status_change', 'payment', 'status_change', 'payment']);
    expect(story.entries[3]).toMatchObject({ status: 'FAILED', cause: { by: 'admin' } });
    const other = await mock.admin.orders.story(orderId, { clientId: 'someone-else' }).catch((caught: unknown) => caught);
    expect(other).toBeInstanceOf(AdminError);
    expect(other).toMatchObject({ status: 404, code: 'not_found' });
  });

  it("subscriptions.story(id), and a tenant handle's stories, which name only its own records", async () => {
    const token = await tokenFor(mock);
    const created = await call(mock, 'POST', '/v1/subscriptions', {
      token,
      body: { plan: { originPlanId: 'PLAN-S', name: 'Mensal', price: 100, interval: 'monthly' }, customer: { merchantCustomerId: 'CUST-S', name: 'Ana' } },
    });
    const subscriptionId = (created.body.data as { id: string }).id;
    expect(await mock.admin.subscriptions.story(subscriptionId)).toMatchObject({
      subscriptionId,
      status: 'PENDING',
      entries: [{ kind: 'request' }, { kind: 'status_change', status: 'PENDING' }, { kind: 'charge', chargeAttempt: 1 }],
    });
    const tenant = await mock.admin.tenant();
    try {
      await expect(tenant.subscriptions.story(subscriptionId)).rejects.toMatchObject({ status: 404, code: 'not_found' });
      const orderId = await placeOrder(mock, await tokenFor(mock, tenant.credentials));
      expect((await tenant.orders.story(orderId)).clientId).toBe(tenant.clientId);
    } finally {
      await tenant.delete();
    }
  });
});
