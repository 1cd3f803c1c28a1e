/** Steps the checkout page tests share: an order placed over the API, the payer's forms, and reading the page. */
import { bearer, tokenFor, type TestApp } from './test-app.ts';

export const CHECKOUT_ORDER = {
  customer: { merchantCustomerId: 'C-1', name: 'Ana Machava', phone: '+258 84 000 0000' },
  items: [
    { originProductId: 'P-1', name: 'Capulana', price: 350, quantity: 2 },
    { originProductId: 'P-2', name: 'Caju torrado', price: 534.5, quantity: 1 },
  ],
  shippingCost: 150,
  shippingAddress: { street: 'Av. Julius Nyerere', number: '1234', city: 'Maputo', country: 'MZ' },
};

/** One 600 MZN item paid from +258 84 111 2233: the wallet tests' payer. */
export const WALLET_ORDER_600 = {
  customer: { merchantCustomerId: 'C-9', name: 'Rui Sitoe', phone: '+258 84 111 2233' },
  items: [{ originProductId: 'P-9', name: 'Bicicleta', price: 600, quantity: 1 }],
  shippingCost: 0,
  shippingAddressDisabled: true,
};

export interface PlacedOrder {
  id: string;
  checkout: string;
  /** The checkout link's path, as supertest requests it. */
  path: string;
  token: string;
}

export async function placeOrder(t: TestApp, body: object = CHECKOUT_ORDER, token?: string): Promise<PlacedOrder> {
  const bearerToken = token ?? (await tokenFor(t));
  const response = await t.http.post('/v1/orders').set(bearer(bearerToken)).send(body).expect(201);
  const { id, checkout } = response.body.data as { id: string; checkout: string };
  return { id, checkout, path: new URL(checkout).pathname, token: bearerToken };
}

/**
 * A form as the browser posts it (application/x-www-form-urlencoded), with the token of the page it came from
 * (read from the page first unless given): `await submit(t, path, fields).expect(303)`.
 */
export function submit(t: TestApp, path: string, fields: Record<string, string>, token?: string) {
  return {
    expect: async (status: number) => t.http.post(path).type('form').send({ token: token ?? (await pageToken(t, path)), ...fields }).expect(status),
  };
}

/** The token the page's forms carry (its hidden `token` field). */
export async function pageToken(t: TestApp, path: string): Promise<string> {
  const page = (await t.http.get(path).expect(200)).text;
  const token = /name="token" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error(`no form token on ${path}`);
  return token;
}

/** "Pagar": the wallet prompts the payer's phone; the order waits on the prompt (see `answered`). */
export function pay(t: TestApp, path: string, wallet: string, phone: string) {
  return submit(t, path, { action: 'pay', wallet, phone });
}

/** The payer answers the prompt: the default answer time passes on the mock clock, which then acts. */
export async function answered(t: TestApp, seconds = 10): Promise<void> {
  t.clock.advance(seconds);
  await t.core.tick();
}

/** The text inside the first element carrying `data-testid` (its direct text, entities as sent). */
export function testIdText(html: string, testId: string): string | undefined {
  return new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1]?.trim();
}

export function hasTestId(html: string, testId: string): boolean {
  return html.includes(`data-testid="${testId}"`);
}

export async function orderOf(t: TestApp, order: PlacedOrder): Promise<{ status: string; statusHistory: unknown[] }> {
  return (await t.http.get(`/v1/orders/${order.id}`).set(bearer(order.token)).expect(200)).body.data;
}

export async function paymentsOf(t: TestApp, order: PlacedOrder): Promise<Array<{ status: string; method: string; amount: number }>> {
  return (await t.http.get(`/v1/payments?orderId=${order.id}`).set(bearer(order.token)).expect(200)).body.data;
}

export async function statusOf(t: TestApp, order: PlacedOrder): Promise<{ status: string }> {
  return (await t.http.get(`/v1/orders/${order.id}/status`).set(bearer(order.token)).expect(200)).body.data;
}
