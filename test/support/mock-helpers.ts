/** A started mock whose every answer is checked against its document, and API calls as an integration makes them. */
import { launchMock } from '../../src/sdk/launch-mock.ts';
import type { Mock, StartMockOptions } from '../../src/sdk/start-mock.ts';
import { validatingObserver } from './shared-router.ts';

export async function startCheckedMock(options: StartMockOptions = {}): Promise<Mock> {
  return launchMock(options, { observers: [await validatingObserver()] });
}

export interface Answer {
  status: number;
  body: { data?: unknown; error?: string } & Record<string, unknown>;
}

/** One call of the API under `${mock.url}`, JSON in and out. */
export async function call(mock: Mock, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const response = await fetch(`${mock.url}${path}`, {
    method,
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

export async function tokenFor(mock: Mock, credentials = mock.credentials): Promise<string> {
  const answer = await call(mock, 'POST', '/v1/auth/token', {
    body: { client_id: credentials.clientId, client_secret: credentials.clientSecret },
  });
  if (answer.status !== 200) throw new Error(`token request → ${answer.status} ${answer.body.error}`);
  return (answer.body.data as { access_token: string }).access_token;
}

export const ORDER_BODY = {
  customer: { name: 'Ana Machava', phone: '+258 84 000 0000' },
  items: [{ name: 'Capulana', price: 350, quantity: 2 }],
};

export async function placeOrder(mock: Mock, token: string): Promise<string> {
  const answer = await call(mock, 'POST', '/v1/orders', { token, body: ORDER_BODY });
  if (answer.status !== 201) throw new Error(`order → ${answer.status} ${answer.body.error}`);
  return (answer.body.data as { id: string }).id;
}

export async function orderStatus(mock: Mock, token: string, orderId: string): Promise<string> {
  return ((await call(mock, 'GET', `/v1/orders/${orderId}/status`, { token })).body.data as { status: string }).status;
}
