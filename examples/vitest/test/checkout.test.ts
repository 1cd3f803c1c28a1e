/**
 * A merchant's test suite: the shop's own payment client (below, as it would live in the shop's sources) runs
 * against commerce-mock started in this process. One mock per test file, in memory, on a free port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError, startMock, type Mock } from 'commerce-mock';

// ---- the code under test: the shop's client of the Commerce API ----------------------------------------------
interface Credentials {
  clientId: string;
  clientSecret: string;
}

async function requestJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
  return { status: response.status, body: await response.json() };
}

async function getToken(api: string, credentials: Credentials): Promise<string> {
  const { body } = await requestJson(`${api}/auth/token`, {
    method: 'POST',
    body: JSON.stringify({ client_id: credentials.clientId, client_secret: credentials.clientSecret }),
  });
  return body.data.access_token;
}

async function createOrder(api: string, token: string, items: Array<{ name: string; price: number; quantity: number }>) {
  return requestJson(`${api}/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: JSON.stringify({ customer: { name: 'Ana Machava', phone: '+258 84 000 0000' }, items }),
  });
}

async function orderStatus(api: string, token: string, orderId: string): Promise<string> {
  const { body } = await requestJson(`${api}/orders/${orderId}/status`, { headers: { Authorization: `Bearer ${token}` } });
  return body.data.status;
}

// ---- the tests -------------------------------------------------------------------------------------------------
let mock: Mock;
let api: string;

beforeAll(async () => {
  // slow-payment: an order is paid 10 minutes of mock time after it was placed.
  mock = await startMock({ scenario: 'slow-payment' });
  api = `${mock.url}/v1`;
});

afterAll(async () => {
  await mock.stop();
});

describe('checkout against commerce-mock', () => {
  it('an order is paid once ten minutes have passed on the mock clock', async () => {
    const token = await getToken(api, mock.credentials);
    const created = await createOrder(api, token, [{ name: 'Capulana', price: 350, quantity: 2 }]);
    expect(created.status).toBe(201);
    expect(created.body.data.amount).toBe(700);
    const orderId: string = created.body.data.orderId;

    expect(await orderStatus(api, token, orderId)).toBe('PENDING');
    await mock.admin.clock.advance(10 * 60 + 1);
    expect(await orderStatus(api, token, orderId)).toBe('PAID');

    expect(await mock.admin.requests.count({ path: '/v1/orders/*/status' })).toBe(2);
  });

  it('an order without items is refused with the service’s own message', async () => {
    const token = await getToken(api, mock.credentials);
    const refused = await createOrder(api, token, []);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Pedido deve conter pelo menos um item');
  });

  it('the admin client throws an AdminError for an unknown order', async () => {
    await expect(mock.admin.orders.transition('ord_unknown', 'PAID')).rejects.toBeInstanceOf(AdminError);
  });
});
