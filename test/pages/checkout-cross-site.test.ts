/**
 * The checkout page acts only on forms its own pages sent: same origin (`Origin`, `Sec-Fetch-Site`), a form
 * body, and the page's token. A refused POST changes nothing: no status, no payment, no event.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { orderOf, pageToken, paymentsOf, placeOrder, type PlacedOrder } from '../support/checkout-helpers.ts';

const EVIL = { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' };

async function unchanged(t: TestApp, order: PlacedOrder, eventsBefore: number): Promise<void> {
  expect((await orderOf(t, order)).status).toBe('PENDING');
  expect((await paymentsOf(t, order)).map((payment) => payment.status)).toEqual(['PENDING']);
  expect(t.events).toHaveLength(eventsBefore);
}

describe('checkout POSTs from another site → 403, the order unchanged', () => {
  it('the reproduction of the issue: action=cancel from evil.example, cross-site', async () => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    const token = await pageToken(t, order.path);
    const before = t.events.length;
    const response = await t.http.post(order.path).set(EVIL).type('form').send({ token, action: 'cancel' }).expect(403);
    expect(response.text).toContain('data-testid="message">Origem http://evil.example recusada: só páginas deste mock podem alterar o seu estado<');
    await unchanged(t, order, before);
  });

  it.each([
    ['Origin of another site', { Origin: 'http://evil.example' }],
    ['Origin: null (a sandboxed frame)', { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site alone', { 'Sec-Fetch-Site': 'cross-site' }],
    ['an origin allowed for the API (--cors-origins) is still not the page’s', { Origin: 'http://localhost:5173' }],
  ])('%s', async (_name, headers) => {
    const t = await createTestApp({ corsOrigins: ['http://localhost:5173'] });
    const order = await placeOrder(t);
    const token = await pageToken(t, order.path);
    const before = t.events.length;
    await t.http.post(order.path).set(headers).type('form').send({ token, action: 'pay', wallet: 'mpesa', phone: '841234567' }).expect(403);
    await unchanged(t, order, before);
  });
});

describe('a form without the page’s token → 403, the order unchanged', () => {
  it.each([
    ['no token', {}],
    ['an empty token', { token: '' }],
    ['a made-up token', { token: 'x'.repeat(43) }],
  ])('%s', async (_name, extra) => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    const before = t.events.length;
    const response = await t.http.post(order.path).type('form').send({ ...extra, action: 'cancel' }).expect(403);
    expect(response.text).toContain('Esta página expirou ou não foi aberta neste mock: recarregue-a e tente de novo.');
    await unchanged(t, order, before);
  });

  it('the token of another order’s page', async () => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    const other = await placeOrder(t);
    const before = t.events.length;
    await t.http.post(order.path).type('form').send({ token: await pageToken(t, other.path), action: 'cancel' }).expect(403);
    await unchanged(t, order, before);
  });

  it('a body that is not a form (JSON) → 415', async () => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    const before = t.events.length;
    await t.http.post(order.path).send({ token: await pageToken(t, order.path), action: 'cancel' }).expect(415);
    await unchanged(t, order, before);
  });
});

describe('the page’s own forms go through', () => {
  it('every form carries the token; posted from the page’s origin it acts', async () => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    const response = await t.http.get(order.path).expect(200);
    // Under `no-referrer` a browser would send the page's own forms with `Origin: null`.
    expect(response.headers['referrer-policy']).toBe('same-origin');
    const page = response.text;
    const token = await pageToken(t, order.path);
    expect(page.split(`name="token" value="${token}"`)).toHaveLength(4);
    await t.http
      .post(order.path)
      .set({ Host: 'localhost:4010', Origin: 'http://localhost:4010', 'Sec-Fetch-Site': 'same-origin' })
      .type('form')
      .send({ token, action: 'cancel' })
      .expect(303);
    expect((await orderOf(t, order)).status).toBe('CANCELLED');
  });

  it('the token is the same for each load of a page, and differs between apps (a per-process secret)', async () => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    expect(await pageToken(t, order.path)).toBe(await pageToken(t, order.path));
    const other = await createTestApp();
    const again = await placeOrder(other);
    await other.http.post(again.path).type('form').send({ token: await pageToken(t, order.path), action: 'cancel' }).expect(403);
  });
});
