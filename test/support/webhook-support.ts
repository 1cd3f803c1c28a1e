/** An app whose default client sends webhooks to a local receiver, and an order driven to PAID over the API. */
import type { ConfigInput } from '../../src/platform/config.ts';
import type { ScenarioLibrary } from '../../src/scenarios/scenario-library.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from './test-app.ts';

export const SECRET = 'whsec_test_0123456789';

export async function appSendingTo(url: string | undefined, config: ConfigInput = {}, scenarios?: ScenarioLibrary): Promise<TestApp> {
  const client = { clientId: 'mock-client', clientSecret: 'mock-secret', active: true, ...(url ? { webhook: { url, secret: SECRET } } : {}) };
  return createTestApp({ clients: [client], ...config }, scenarios ? { scenarios } : {});
}

/** Places an order and polls its status until the default scenario pays it (3rd poll): order.paid, payment.paid. */
/** Places the order the webhook tests pay (2 × 250 MZN); its id. */
export async function placeAnOrder(t: TestApp, token: string): Promise<string> {
  const placed = await t.http
    .post('/v1/orders')
    .set(bearer(token))
    .send({ customer: { merchantCustomerId: 'C-1', name: 'Ana' }, items: [{ originProductId: 'P-1', name: 'Caju', price: 250, quantity: 2 }] })
    .expect(201);
  return (placed.body as { data: { id: string } }).data.id;
}

export async function payAnOrder(t: TestApp): Promise<string> {
  const token = await tokenFor(t);
  const orderId = await placeAnOrder(t, token);
  for (let poll = 1; poll <= 3; poll += 1) await t.http.get(`/v1/orders/${orderId}/status`).set(bearer(token)).expect(200);
  return orderId;
}
