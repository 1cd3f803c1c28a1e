/** GET /__admin/health: what a container health check and a CI job wait on. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp } from '../support/test-app.ts';

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const ADMIN_TOKEN = 'let-me-in-please';

describe('GET /__admin/health', () => {
  it('answers 200 with the status, the package version and the uptime in whole seconds, not to be cached', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/__admin/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', version: PACKAGE_VERSION, uptimeSeconds: expect.any(Number) });
    expect(Number.isInteger(response.body.uptimeSeconds)).toBe(true);
    expect(response.body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toMatch(/^req_/);
  });

  it('counts real time: moving the mock clock a year ahead does not change the uptime', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clock/advance').send({ seconds: 365 * 86_400 }).expect(200);
    const response = await t.http.get('/__admin/health').expect(200);
    expect(response.body.uptimeSeconds).toBeLessThan(86_400);
  });

  it('is open without the admin token on a non-loopback host that has one, while the rest of the admin API stays closed', async () => {
    const t = await createTestApp({ host: '0.0.0.0', adminToken: ADMIN_TOKEN });
    await t.http.get('/__admin/health').expect(200);
    await t.http.head('/__admin/health').expect(200);
    await t.http.get('/__admin/health').set(bearer('wrong-token')).expect(200);
    const refused = await t.http.get('/__admin/clock').expect(401);
    expect(refused.body.error).toBe('invalid_token');
    await t.http.get('/__admin/clock').set(bearer(ADMIN_TOKEN)).expect(200);
  });

  it('opens no other method on its path: a POST without the token is still refused by the guard', async () => {
    const t = await createTestApp({ host: '0.0.0.0', adminToken: ADMIN_TOKEN });
    await t.http.post('/__admin/health').expect(401);
    const notAllowed = await t.http.post('/__admin/health').set(bearer(ADMIN_TOKEN)).expect(405);
    expect(notAllowed.headers['allow']).toBe('GET, HEAD');
  });

  it('is never rate limited: once the API refuses the caller with 429, health still answers 200, without RateLimit headers', async () => {
    const t = await createTestApp({ rateLimit: { limit: 2 } });
    await t.http.get('/v1/products').expect(401);
    await t.http.get('/v1/products').expect(401);
    await t.http.get('/v1/products').expect(429);
    for (let i = 0; i < 5; i += 1) {
      const response = await t.http.get('/__admin/health').expect(200);
      expect(response.headers['ratelimit-remaining']).toBeUndefined();
    }
    await t.http.get('/v1/products').expect(429);
  });
});
