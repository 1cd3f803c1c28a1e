/**
 * Where a scenario applies: globally, for one client, or for one request (`X-Mock-Scenario`, `Prefer: code=`);
 * the narrowest wins, whole. Each request sees one snapshot of the rule counters, so concurrent requests never
 * skip or repeat a step.
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, withScenario } from '../support/test-app.ts';

const ORDER = { customer: { name: 'Ana', phone: '+258 84 000 0000' }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] };
const OTHER = { clientId: 'other-client', clientSecret: 'other-secret', active: true };
const CLIENTS = [
  { clientId: 'mock-client', clientSecret: 'mock-secret', active: true },
  OTHER,
];

describe('scenario scopes', () => {
  it('X-Mock-Scenario applies to that request only, over the global scenario', async () => {
    const t = await createTestApp({ scenario: 'order-failed' });
    const token = await tokenFor(t);
    const paid = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER).expect(201)).body.data.id as string;
    const failed = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER).expect(201)).body.data.id as string;
    const status = async (id: string, header?: string) => {
      const request = t.http.get(`/v1/orders/${id}/status`).set(bearer(token));
      return (await (header ? request.set('X-Mock-Scenario', header) : request).expect(200)).body.data.status as string;
    };
    expect(await status(paid, 'order-paid')).toBe('PAID');
    expect(await status(failed)).toBe('FAILED');
  });

  it('a per-client scenario applies to that client only, and wins over the global one', async () => {
    const t = await createTestApp({ clients: CLIENTS, scenario: 'order-paid' });
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry', clientId: 'other-client' }).expect(200);
    const mine = await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(200);
    const theirs = await t.http.post('/v1/auth/token').send({ client_id: 'other-client', client_secret: 'other-secret' }).expect(200);
    expect([mine.body.data.expires_in, theirs.body.data.expires_in]).toEqual([3600, 30]);
    // The client's scenario wins whole: its orders follow the default progression, not the global order-paid.
    const token = theirs.body.data.access_token as string;
    const id = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER).expect(201)).body.data.id as string;
    expect((await t.http.get(`/v1/orders/${id}/status`).set(bearer(token)).expect(200)).body.data.status).toBe('PENDING');
    const active = await t.http.get('/__admin/scenarios/active').expect(200);
    expect(active.body.data).toMatchObject({ global: 'order-paid', clients: { 'other-client': 'token-expiry' } });
  });

  it('a client scenario set in the configuration is active from the start, wherever a call names the client (header or token body)', async () => {
    const t = await createTestApp({ clients: [{ ...CLIENTS[0]!, scenario: 'rate-limited' } as never, OTHER] });
    const basic = `Basic ${Buffer.from('mock-client:mock-secret').toString('base64')}`;
    const issued = await t.http.post('/v1/auth/token').set('Authorization', basic).send({}).expect(200);
    expect(issued.headers['ratelimit-limit']).toBe('5');
    // Credentials only in the body name the same client: the request is settled once, under that client's scenario.
    const inBody = await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(200);
    expect(inBody.headers['ratelimit-limit']).toBe('5');
    const form = await t.http.post('/v1/auth/token').type('form').send('client_id=mock-client&client_secret=mock-secret&grant_type=client_credentials').expect(200);
    expect(form.headers['ratelimit-limit']).toBe('5');
    // A body naming another client counts under that client's scenario (none: the global window).
    const other = await t.http.post('/v1/auth/token').send({ client_id: 'other-client', client_secret: 'other-secret' }).expect(200);
    expect(other.headers['ratelimit-limit']).toBe('100');
    const token = issued.body.data.access_token as string;
    expect((await t.http.get('/v1/products').set(bearer(token)).expect(200)).headers['ratelimit-limit']).toBe('5');
  });

  it('refuses an unknown X-Mock-Scenario with 400 naming the header, and writes nothing', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const refused = await t.http.post('/v1/orders').set(bearer(token)).set('X-Mock-Scenario', 'no-such').send(ORDER).expect(400);
    expect(refused.body.error).toBe('invalid_request');
    expect(refused.body.details).toEqual([{ path: 'X-Mock-Scenario', message: 'cenário desconhecido: no-such' }]);
    expect(t.store.count('orders')).toBe(0);
  });

  it('Prefer: code=429 answers the catalogue 429 for that request, and writes nothing', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const refused = await t.http.post('/v1/orders').set(bearer(token)).set('Prefer', 'code=429').send(ORDER).expect(429);
    expect(refused.body.error).toBe('muitas_requisicoes');
    expect(refused.headers['retry-after']).toBe('60');
    expect(t.store.count('orders')).toBe(0);
    expect((await t.http.get('/v1/products').set(bearer(token)).set('Prefer', 'code=503').expect(503)).headers['retry-after']).toBe('1');
    expect((await t.http.get('/v1/products').set(bearer(token)).set('Prefer', 'code=401').expect(401)).body.error).toBe('invalid_token');
    expect((await t.http.post('/v1/auth/token').set('Prefer', 'code=401').send({}).expect(401)).body.error).toBe('CLIENT_INVALIDO');
    // 2xx: the document's example, nothing run (test/scenarios/prefer.test.ts).
    await t.http.get('/v1/products').set(bearer(token)).set('Prefer', 'code=200').expect(200);
    const unknown = await t.http.get('/v1/products').set(bearer(token)).set('Prefer', 'code=418').expect(400);
    expect(unknown.body.details[0].path).toBe('Prefer');
  });

  it('50 concurrent requests under every-4th-429: exactly 12 refused, none skipped or repeated', async () => {
    const t = await createTestApp({ scenario: 'burst-429', rateLimit: { enabled: false } });
    const token = await tokenFor(t); // counted: the 1st
    const statuses = await Promise.all(Array.from({ length: 51 }, () => t.http.get('/v1/products').set(bearer(token)).then((r) => r.status)));
    expect(statuses.filter((status) => status === 429)).toHaveLength(13);
    const active = await t.http.get('/__admin/scenarios/active').expect(200);
    expect(active.body.data.activations).toEqual([
      { scope: 'global', scenario: 'burst-429', rules: [{ rule: 'every-4th-429', matches: 52, fired: 13 }] },
    ]);
  });

  it('a rule can move the order named in the path, match a body field, and add latency', async () => {
    const scenarios = withScenario({
      name: 'custom',
      rules: [
        { match: { operation: 'getOrderStatus' }, when: { nth: 2 }, then: { orderStatus: 'CANCELLED' } },
        { match: { method: 'POST', path: '/v1/orders', body: { 'items.0.quantity': 7 } }, then: { respond: { status: 402, code: 'saldo_insuficiente', message: 'Saldo insuficiente' } } },
        { match: { operation: 'listProducts' }, then: { latencyMs: 150 } },
      ],
    });
    const t = await createTestApp({ scenario: 'custom' }, { scenarios });
    const token = await tokenFor(t);
    const id = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER).expect(201)).body.data.id as string;
    const poll = async () => (await t.http.get(`/v1/orders/${id}/status`).set(bearer(token)).expect(200)).body.data.status as string;
    expect([await poll(), await poll()]).toEqual(['PENDING', 'CANCELLED']);
    expect(t.events.map((event) => event.type)).toContain('order.cancelled');
    const started = performance.now();
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('expireToken effect: the caller sees TOKEN_EXPIRADO at once, without the clock moving', async () => {
    const scenarios = withScenario({ name: 'custom', rules: [{ match: { operation: 'listCustomers' }, then: { expireToken: true } }] });
    const t = await createTestApp({ scenario: 'custom' }, { scenarios });
    const token = await tokenFor(t);
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    expect((await t.http.get('/v1/customers').set(bearer(token)).expect(401)).body.error).toBe('TOKEN_EXPIRADO');
    expect(t.clock.now().toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });
});
