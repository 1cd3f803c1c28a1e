/** mock.admin against a started mock: clients and their tokens, records, order transitions, webhooks, errors. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { AdminError, createAdminClient } from '../../src/index.ts';
import { call, orderStatus, placeOrder, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

let mock: Mock;
let receiver: { url: string; received: string[]; close: () => Promise<void> };

beforeAll(async () => {
  mock = await startCheckedMock();
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(body);
      res.end('ok');
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver = { url, received, close: () => new Promise((done) => server.close(() => done())) };
});

afterAll(async () => {
  await mock.stop();
  await receiver.close();
});

beforeEach(() => mock.admin.reset());

const SHOP = { clientId: 'shop-2', clientSecret: 'shop-2-secret' };

describe('mock.admin.clients', () => {
  it('create(), list(), credentials(), deactivate() and reactivate(), as the API then answers', async () => {
    expect(await mock.admin.clients.create({ ...SHOP, name: 'Loja 2' })).toMatchObject({ clientId: 'shop-2', active: true, activeTokens: 0 });
    expect((await mock.admin.clients.list()).map((client) => client.clientId)).toContain('shop-2');
    expect(await mock.admin.clients.credentials('shop-2')).toEqual(SHOP);
    expect((await mock.admin.clients.deactivate('shop-2')).active).toBe(false);
    const refused = await call(mock, 'POST', '/v1/auth/token', { body: { client_id: SHOP.clientId, client_secret: SHOP.clientSecret } });
    expect([refused.status, refused.body.error]).toEqual([403, 'CLIENT_INATIVO']);
    expect((await mock.admin.clients.reactivate('shop-2')).active).toBe(true);
    expect(await tokenFor(mock, SHOP)).toEqual(expect.any(String));
  });

  it('tokens() lists active tokens; revokeTokens() and expireTokens() end them for the API', async () => {
    const revoked = await tokenFor(mock);
    expect((await mock.admin.clients.tokens('mock-client')).map((token) => token.tokenHint)).toEqual([revoked.slice(-6)]);
    expect(await mock.admin.clients.revokeTokens('mock-client')).toEqual({ clientId: 'mock-client', count: expect.any(Number) });
    expect((await call(mock, 'GET', '/v1/products', { token: revoked })).body.error).toBe('TOKEN_REVOGADO');
    const expired = await tokenFor(mock);
    expect(await mock.admin.clients.expireTokens('mock-client')).toEqual({ clientId: 'mock-client', count: 1 });
    expect((await call(mock, 'GET', '/v1/products', { token: expired })).body.error).toBe('TOKEN_EXPIRADO');
    expect(await mock.admin.clients.tokens('mock-client')).toEqual([]);
  });

  it('orders(), subscriptions() and payments() page through a client’s records', async () => {
    const orderId = await placeOrder(mock, await tokenFor(mock));
    const orders = await mock.admin.clients.orders('mock-client', { status: 'PENDING', limit: 100 });
    expect(orders.data.map((order) => order.id)).toContain(orderId);
    expect(orders.pagination).toMatchObject({ page: 1, limit: 100 });
    expect((await mock.admin.clients.subscriptions('mock-client')).pagination.total).toBeGreaterThan(0);
    await mock.admin.orders.transition(orderId, 'PAID');
    const payments = await mock.admin.clients.payments('mock-client', { status: 'PAID', limit: 100 });
    expect(payments.data.map((payment) => payment.orderId)).toContain(orderId);
  });
});

describe('mock.admin.orders', () => {
  it('transition(id, status) moves a pending order, once', async () => {
    const token = await tokenFor(mock);
    const orderId = await placeOrder(mock, token);
    expect(await mock.admin.orders.transition(orderId, 'CANCELLED')).toEqual({ id: orderId, clientId: 'mock-client', status: 'CANCELLED', moved: true });
    expect(await orderStatus(mock, token, orderId)).toBe('CANCELLED');
    expect((await mock.admin.orders.transition(orderId, 'PAID')).moved).toBe(false);
  });
});

describe('mock.admin webhooks', () => {
  it('setWebhook(), deliveries(), resend() and deleteWebhook()', async () => {
    expect(await mock.admin.clients.setWebhook('mock-client', { url: receiver.url, secret: 'whsec-123456' })).toMatchObject({ url: receiver.url, secretHint: '3456' });
    const orderId = await placeOrder(mock, await tokenFor(mock));
    await mock.admin.orders.transition(orderId, 'PAID');
    // The seeded dataset's subscriptions make deliveries of their own: this order's is the one to find.
    const ofOrder = async (filter: Parameters<Mock['admin']['webhooks']['deliveries']>[0]) =>
      (await mock.admin.webhooks.deliveries(filter)).filter((delivery) => JSON.stringify(delivery.payload).includes(orderId));
    const delivered = () => ofOrder({ clientId: 'mock-client', type: 'order.status_changed', status: 'delivered' });
    await expect.poll(async () => (await delivered()).length, { timeout: 10_000 }).toBe(1);
    const [delivery] = await delivered();
    expect(receiver.received.some((body) => body.includes(orderId))).toBe(true);
    expect((await mock.admin.webhooks.resend(delivery?.id ?? '')).resentFrom).toBe(delivery?.id);
    expect(await mock.admin.clients.deleteWebhook('mock-client')).toEqual({ clientId: 'mock-client', webhook: null });
    expect((await mock.admin.clients.list()).find((client) => client.clientId === 'mock-client')?.webhook).toBeUndefined();
  });
});

describe('AdminError', () => {
  it('a 404 throws it with the status, the error code and the request id', async () => {
    const error = await mock.admin.orders.transition('ord_missing', 'PAID').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AdminError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', requestId: expect.any(String), request: 'POST /__admin/orders/ord_missing/transition' });
    expect(String(error)).toMatch(/^AdminError: POST \/__admin\/orders\/ord_missing\/transition → 404 not_found: /);
  });

  it('a 400 names the offending field in its body, and nothing changed', async () => {
    const before = await mock.admin.clock.get();
    const error = await mock.admin.clock.set('not a date').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', body: { details: [expect.objectContaining({ path: expect.stringContaining('at') })] } });
    expect((await mock.admin.clock.get()).offsetMs).toBeCloseTo(before.offsetMs, -3);
  });

  it('createAdminClient without the admin token of a non-loopback mock: 401 invalid_token', async () => {
    const locked = await startCheckedMock({ host: '0.0.0.0', adminToken: 'admin-secret-1' });
    try {
      const error = await createAdminClient(locked.url).clock.get().catch((caught: unknown) => caught);
      expect(error).toMatchObject({ status: 401, code: 'invalid_token' });
      expect((await createAdminClient(locked.url, { adminToken: 'admin-secret-1' }).clock.get()).frozen).toBe(false);
    } finally {
      await locked.stop();
    }
  });
});
