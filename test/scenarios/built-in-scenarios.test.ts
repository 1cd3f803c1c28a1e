/**
 * Each built-in scenario, activated the way docs/scenarios.md shows (globally with --scenario, i.e. `config.scenario`),
 * reproduces its behaviour end to end through the API, and the mock clock alone moves what it drives.
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

const ORDER = { customer: { name: 'Ana', phone: '+258 84 000 0000' }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] };

async function placeOrder(t: TestApp, token: string): Promise<string> {
  const created = await t.http.post('/v1/orders').set(bearer(token)).send(ORDER).expect(201);
  return (created.body.data as { id: string }).id;
}

async function pollStatus(t: TestApp, token: string, id: string): Promise<string> {
  return (await t.http.get(`/v1/orders/${id}/status`).set(bearer(token)).expect(200)).body.data.status as string;
}

async function paymentStatus(t: TestApp, token: string, id: string): Promise<string> {
  return (await t.http.get(`/v1/payments?orderId=${id}`).set(bearer(token)).expect(200)).body.data[0].status as string;
}

describe('built-in scenarios', () => {
  it('default: an order is paid on its 3rd status poll', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const id = await placeOrder(t, token);
    expect([await pollStatus(t, token, id), await pollStatus(t, token, id), await pollStatus(t, token, id)]).toEqual(['PENDING', 'PENDING', 'PAID']);
    expect(await paymentStatus(t, token, id)).toBe('PAID');
  });

  it('token-expiry: tokens live 30 s; the clock alone takes one from valid to TOKEN_EXPIRADO', async () => {
    const t = await createTestApp({ scenario: 'token-expiry' });
    const issued = await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(200);
    expect(issued.body.data.expires_in).toBe(30);
    const token = issued.body.data.access_token as string;
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    await t.http.post('/__admin/clock/advance').send({ seconds: 29 }).expect(200);
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    await t.http.post('/__admin/clock/advance').send({ seconds: 1 }).expect(200);
    const expired = await t.http.get('/v1/products').set(bearer(token)).expect(401);
    expect(expired.body.error).toBe('TOKEN_EXPIRADO');
  });

  it('token-revoked-midway: after 5 authenticated requests the 6th answers TOKEN_REVOGADO, and the token stays revoked', async () => {
    const t = await createTestApp({ scenario: 'token-revoked-midway' });
    const token = await tokenFor(t);
    for (let i = 0; i < 5; i += 1) await t.http.get('/v1/products').set(bearer(token)).expect(200);
    expect((await t.http.get('/v1/products').set(bearer(token)).expect(401)).body.error).toBe('TOKEN_REVOGADO');
    expect((await t.http.get('/v1/customers').set(bearer(token)).expect(401)).body.error).toBe('TOKEN_REVOGADO');
    expect(t.events.filter((event) => event.type === 'token.revoked')).toHaveLength(1);
    // A new token works: the rule fires once per activation.
    await t.http.get('/v1/products').set(bearer(await tokenFor(t))).expect(200);
  });

  it('rate-limited: 5 requests per minute; the 6th is a 429, and the clock alone takes the window back to 200', async () => {
    const t = await createTestApp({ scenario: 'rate-limited' });
    const token = await tokenFor(t); // the 1st request of the window
    for (let i = 0; i < 4; i += 1) {
      const response = await t.http.get('/v1/products').set(bearer(token)).expect(200);
      expect(response.headers['ratelimit-limit']).toBe('5');
    }
    const refused = await t.http.get('/v1/products').set(bearer(token)).expect(429);
    expect(refused.body.error).toBe('muitas_requisicoes');
    expect(refused.headers['retry-after']).toBe('60');
    await t.http.post('/__admin/clock/advance').send({ seconds: 60 }).expect(200);
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
  });

  it('burst-429: every 4th request answers 429 with Retry-After 2, and nothing else is refused', async () => {
    const t = await createTestApp({ scenario: 'burst-429' });
    const token = await tokenFor(t); // the 1st request
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await t.http.get('/v1/products').set(bearer(token));
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers['retry-after']).toBe('2');
        expect(response.body.error).toBe('muitas_requisicoes');
      }
    }
    expect(statuses).toEqual([200, 200, 429, 200, 200, 200, 429, 200, 200, 200, 429]);
  });

  for (const [scenario, status, payment] of [
    ['order-paid', 'PAID', 'PAID'],
    ['order-failed', 'FAILED', 'FAILED'],
    ['order-cancelled', 'CANCELLED', 'CANCELLED'],
  ] as const) {
    it(`${scenario}: the order is ${status} on its first status poll, its payment ${payment}, and it never moves again`, async () => {
      const t = await createTestApp({ scenario });
      const token = await tokenFor(t);
      const id = await placeOrder(t, token);
      expect(await pollStatus(t, token, id)).toBe(status);
      expect(await paymentStatus(t, token, id)).toBe(payment);
      await t.http.post(`/__admin/orders/${id}/transition`).send({ status: 'PAID' }).expect(200);
      expect(await pollStatus(t, token, id)).toBe(status);
    });
  }

  it('slow-payment: paid 10 minutes of mock time after it was placed, whatever the polls; the clock alone does it', async () => {
    const t = await createTestApp({ scenario: 'slow-payment' });
    const token = await tokenFor(t);
    const id = await placeOrder(t, token);
    for (let i = 0; i < 5; i += 1) expect(await pollStatus(t, token, id)).toBe('PENDING');
    await t.http.post('/__admin/clock/advance').send({ seconds: 599 }).expect(200);
    expect((await t.http.get(`/v1/orders/${id}`).set(bearer(token)).expect(200)).body.data.status).toBe('PENDING');
    await t.http.post('/__admin/clock/advance').send({ seconds: 1 }).expect(200);
    const order = (await t.http.get(`/v1/orders/${id}`).set(bearer(token)).expect(200)).body.data;
    expect(order.status).toBe('PAID');
    expect(order.updatedAt).toBe('2026-03-02T10:10:00.000Z');
    expect(await paymentStatus(t, token, id)).toBe('PAID');
    expect(t.events.map((event) => event.type)).toContain('order.paid');
  });

  it('inactive-client: token issue and bearer calls answer 403 CLIENT_INATIVO', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.put('/__admin/scenarios/active').send({ name: 'inactive-client' }).expect(200);
    const issue = await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(403);
    expect(issue.body.error).toBe('CLIENT_INATIVO');
    expect((await t.http.get('/v1/products').set(bearer(token)).expect(403)).body.error).toBe('CLIENT_INATIVO');
  });

  it('server-errors: every write answers 500 erro_interno and writes nothing; reads work', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.put('/__admin/scenarios/active').send({ name: 'server-errors' }).expect(200);
    const before = t.store.count('products');
    const refused = await t.http.post('/v1/products/create').set(bearer(token)).send({ name: 'Capulana', price: 350 }).expect(500);
    expect(refused.body.error).toBe('erro_interno');
    await t.http.post('/v1/orders').set(bearer(token)).send(ORDER).expect(500);
    expect([t.store.count('products'), t.store.count('orders')]).toEqual([before, 0]);
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
  });

  it('flaky-network: about 10% of requests misbehave, the same ones for the same seed', async () => {
    const run = async () => {
      const t = await createTestApp({ scenario: 'flaky-network', rateLimit: { enabled: false } });
      const outcomes: string[] = [];
      for (let i = 0; i < 120; i += 1) {
        const started = performance.now();
        try {
          const response = await t.http.get('/v1/products');
          const slow = performance.now() - started >= 450;
          outcomes.push(response.status === 503 ? '503' : slow ? 'slow' : 'ok');
        } catch {
          outcomes.push('dropped');
        }
      }
      return outcomes;
    };
    const first = await run();
    const count = (kind: string) => first.filter((outcome) => outcome === kind).length;
    expect(count('dropped')).toBeGreaterThan(0);
    expect(count('503')).toBeGreaterThan(0);
    expect(count('ok')).toBeGreaterThanOrEqual(96);
    // Latency is wall time, so only the answers that do not depend on it are compared between runs.
    const fixed = (outcomes: string[]) => outcomes.map((outcome) => (outcome === 'slow' ? 'ok' : outcome));
    expect(fixed(await run())).toEqual(fixed(first));
  }, 60_000);
});
