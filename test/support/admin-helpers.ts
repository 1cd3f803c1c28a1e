/** Small steps the admin tests share: reading state through the API as a user would. */
import { bearer, FROZEN_AT, tokenFor, type TestApp } from './test-app.ts';

export const ORDER_BODY = {
  customer: { name: 'Ana Machava', phone: '+258 84 000 0000' },
  items: [{ name: 'Capulana', price: 350, quantity: 2 }],
};

export async function placeOrder(t: TestApp, token: string): Promise<{ id: string; status: string }> {
  const response = await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201);
  return response.body.data as { id: string; status: string };
}

export async function createProduct(t: TestApp, token: string, name = 'Capulana'): Promise<{ id: string; name: string }> {
  const response = await t.http.post('/v1/products/create').set(bearer(token)).send({ name, price: 350 }).expect(201);
  return response.body.data as { id: string; name: string };
}

/** A second client, created through the admin API, with a token of its own. */
export async function secondClient(t: TestApp, clientId = 'shop-2'): Promise<{ clientId: string; token: string }> {
  await t.http.post('/__admin/clients').send({ clientId, clientSecret: `${clientId}-secret`, name: 'Loja 2' }).expect(201);
  return { clientId, token: await tokenFor(t, { client_id: clientId, client_secret: `${clientId}-secret` }) };
}

export async function clockNow(t: TestApp): Promise<string> {
  return ((await t.http.get('/__admin/clock').expect(200)).body.data as { now: string }).now;
}

/** A bearer call as the client sees it: its status, and its error code when it failed. */
export async function callWith(t: TestApp, token: string, path = '/v1/products'): Promise<{ status: number; error?: string }> {
  const response = await t.http.get(path).set(bearer(token));
  const error = (response.body as { error?: string }).error;
  return error === undefined ? { status: response.status } : { status: response.status, error };
}

/** A pending webhook delivery as a state import accepts it (webhooks/delivery-log.ts `Delivery`), made at FROZEN_AT. */
export const STORED_DELIVERY = {
  id: 'whd_1',
  clientId: 'mock-client',
  eventId: 'evt_1',
  type: 'order.status_changed',
  url: 'http://127.0.0.1:9/hook',
  status: 'pending',
  attempts: [] as Array<Record<string, unknown>>,
  nextAttemptAt: FROZEN_AT.toISOString(),
  createdAt: FROZEN_AT.toISOString(),
  payload: { id: 'evt_1', type: 'order.status_changed', createdAt: FROZEN_AT.toISOString(), data: { orderId: 'ord_1', status: 'PAID' } },
};
