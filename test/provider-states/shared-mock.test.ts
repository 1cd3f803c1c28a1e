/**
 * Provider states and messages on a shared mock: preparing a state or producing a message touches only the client it
 * concerns (the verifying client, a client a state deactivates); other tenants keep their tokens, records and clocks.
 * A whole reset is the caller's choice: `?reset=all` on the state-change URL.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_BODY } from '../support/admin-helpers.ts';
import { listeningAppsClosedAfterEach } from '../support/listening-app.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

const listening = listeningAppsClosedAfterEach();

const post = async (url: string, body: object) => {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

interface Tenant {
  clientId: string;
  clientSecret: string;
  token: string;
  orderId: string;
}

async function tenantWithAnOrder(t: TestApp, frozenAt: string): Promise<Tenant> {
  const made = (await t.http.post('/__admin/tenants').send({ seedData: 'none', clock: { frozenAt } }).expect(201)).body.data as { clientId: string; clientSecret: string };
  const token = await tokenFor(t, { client_id: made.clientId, client_secret: made.clientSecret });
  const placed = await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201);
  return { ...made, token, orderId: (placed.body as { data: { id: string } }).data.id };
}

/** What another tenant can observe of itself: its order, its token, its clock. */
async function seenBy(t: TestApp, tenant: Tenant) {
  const order = await t.http.get(`/v1/orders/${tenant.orderId}`).set(bearer(tenant.token));
  const clock = await t.http.get(`/__admin/clients/${tenant.clientId}/clock`).expect(200);
  const orders = await t.http.get(`/__admin/clients/${tenant.clientId}/orders`).expect(200);
  // The checkout link names the port each supertest request is served on: the rest of the order is compared.
  const { checkout: _link, ...kept } = (order.body as { data: Record<string, unknown> }).data;
  return { orderStatus: order.status, order: kept, clock: clock.body.data.now as string, orders: orders.body.data.length as number };
}

describe('provider states and messages on a shared mock', () => {
  it('a state setup, teardown and a message leave other tenants’ tokens, records and clocks as they were', async () => {
    const { t, base } = await listening();
    const a = await tenantWithAnOrder(t, '2030-03-01T08:00:00Z');
    const b = await tenantWithAnOrder(t, '2031-06-15T12:00:00Z');
    const before = [await seenBy(t, a), await seenBy(t, b)];
    expect(before.map((seen) => seen.orderStatus)).toEqual([200, 200]);

    const setup = await post(`${base}/provider-states`, { state: 'an order with status {status} exists', params: { status: 'PAID' }, action: 'setup' });
    expect(setup.status).toBe(200);
    expect((await post(`${base}/provider-states`, { state: 'the rate limit is exhausted', action: 'setup' })).status).toBe(200);
    expect((await post(`${base}/provider-states`, { state: 'client {clientId} is inactive', params: { clientId: a.clientId }, action: 'setup' })).status).toBe(200);
    expect((await post(`${base}/provider-states`, { action: 'teardown' })).status).toBe(200);
    const message = await post(`${base}/messages`, { description: 'an order.status_changed webhook', providerStates: [{ name: 'order.paid is triggered', params: { event: 'order.paid' } }] });
    expect(message.status).toBe(200);

    expect([await seenBy(t, a), await seenBy(t, b)]).toEqual(before);
    // The verifying client's session is over too: its records are gone, and it is served again.
    expect((await t.http.get('/__admin/clients/mock-client/orders').expect(200)).body.data).toEqual([]);
    await t.http.get('/v1/products').set(bearer(await tokenFor(t))).expect(200);
  }, 60_000);

  it('a whole reset is the caller’s choice: ?reset=all', async () => {
    const { t, base } = await listening();
    const a = await tenantWithAnOrder(t, '2030-03-01T08:00:00Z');
    expect((await post(`${base}/provider-states?reset=all`, { state: 'a product with originProductId SKU-9 exists', action: 'setup' })).status).toBe(200);
    expect((await t.http.get(`/v1/orders/${a.orderId}`).set(bearer(a.token))).status).toBe(401);
    await t.http.get(`/__admin/clients/${a.clientId}/clock`).expect(404);
  });
});
