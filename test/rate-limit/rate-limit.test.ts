import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';

describe('rate limit: 100 requests per minute per IP, fixed windows on the mock clock', () => {
  it('serves the 100th request of a window and refuses the 101st with 429 muitas_requisicoes', async () => {
    const t = await createTestApp();
    for (let i = 1; i <= 100; i += 1) {
      const response = await t.http.get('/v1/products');
      expect(response.status).toBe(401);
      expect(response.headers['ratelimit-remaining']).toBe(String(100 - i));
    }
    const refused = await t.http.get('/v1/products').expect(429);
    expect(refused.body.error).toBe('muitas_requisicoes');
    expect(refused.headers['ratelimit-limit']).toBe('100');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // The frozen clock sits at 10:00:00, the start of a window: the whole minute is left.
    expect(refused.headers['retry-after']).toBe('60');
  });

  it('counts and labels every API answer, a malformed path included, and stores nothing on a refused write', async () => {
    const t = await createTestApp({ rateLimit: { limit: 2 } });
    const malformed = await t.http.get('/v1/products/%E0%A4%A').expect(400);
    expect(malformed.headers['ratelimit-remaining']).toBe('1');
    await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(200);
    const tokens = t.store.count('tokens');
    const refused = await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(429);
    expect(refused.body.error).toBe('muitas_requisicoes');
    expect(t.store.count('tokens')).toBe(tokens);
  });

  it('answers a 429 as the operation it refused, so its Retry-After is checked against that operation', async () => {
    const t = await createTestApp({ rateLimit: { limit: 1 } });
    const operations: Array<string | undefined> = [];
    t.deps.observers?.push((exchange) => operations.push(exchange.context.operationId));
    await t.http.get('/v1/products').expect(401);
    await t.http.get('/v1/products').expect(429);
    expect(operations).toEqual(['listProducts', 'listProducts']);
  });

  it('restores service once the clock passes the window', async () => {
    const t = await createTestApp({ rateLimit: { limit: 3 } });
    for (let i = 0; i < 3; i += 1) await t.http.post('/v1/auth/token').send({});
    await t.http.post('/v1/auth/token').send({}).expect(429);
    t.clock.advance(59);
    const stillRefused = await t.http.post('/v1/auth/token').send({}).expect(429);
    expect(stillRefused.headers['retry-after']).toBe('1');
    t.clock.advance(1);
    const served = await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' });
    expect(served.status).toBe(200);
    expect(served.headers['ratelimit-remaining']).toBe('2');
  });

  it('counts every API path form and token calls alike', async () => {
    const t = await createTestApp({ rateLimit: { limit: 3 } });
    await t.http.get('/v1/orders');
    await t.http.get('/api/v1/orders');
    await t.http.post('/api/auth/token').send({});
    const refused = await t.http.get('/api/orders').expect(429);
    expect(refused.body.error).toBe('muitas_requisicoes');
  });

  it('never limits the admin API', async () => {
    const t = await createTestApp({ rateLimit: { limit: 1 } });
    await t.http.get('/v1/products');
    for (let i = 0; i < 5; i += 1) await t.http.get('/__admin/clock').expect(200);
    await t.http.get('/v1/products').expect(429);
  });

  it('can be switched off: no 429 and no RateLimit headers', async () => {
    const t = await createTestApp({ rateLimit: { enabled: false, limit: 1 } });
    for (let i = 0; i < 3; i += 1) {
      const response = await t.http.get('/v1/products').expect(401);
      expect(response.headers['ratelimit-limit']).toBeUndefined();
    }
  });

  it('is reset by POST /__admin/reset', async () => {
    const t = await createTestApp({ rateLimit: { limit: 1 } });
    await t.http.get('/v1/products');
    await t.http.get('/v1/products').expect(429);
    await t.http.post('/__admin/reset').expect(200);
    await t.http.get('/v1/products').expect(401);
  });
});
