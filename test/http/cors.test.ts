/** CORS: browser pages on allowed origins may call the API; preflights are answered, other origins get nothing. */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';

const PAGE = 'http://localhost:5173';

describe('CORS', () => {
  it('answers a preflight on a loopback host (any origin by default): 204, the path\'s methods, outside the rate limit', async () => {
    const t = await createTestApp({ rateLimit: { limit: 1 } });
    const preflight = await t.http
      .options('/v1/products')
      .set('Origin', PAGE)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST');
    expect(preflight.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, X-Request-Id');
    expect(preflight.text).toBe('');
    // The one request of the window is still there for the real call.
    const response = await t.http.post('/v1/auth/token').set('Origin', PAGE).send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-expose-headers']).toContain('X-Request-Id');
  });

  it('marks error answers too, so the page can read them', async () => {
    const t = await createTestApp();
    const refused = await t.http.get('/v1/products').set('Origin', PAGE).expect(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.headers['access-control-expose-headers']).toContain('WWW-Authenticate');
  });

  it('with configured origins: only those, named back, and Vary: Origin', async () => {
    const t = await createTestApp({ corsOrigins: [PAGE] });
    const allowed = await t.http.get('/v1/products').set('Origin', PAGE).set(bearer(await tokenFor(t))).expect(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(PAGE);
    expect(allowed.headers['vary']).toBe('Origin');
    const other = await t.http.options('/v1/products').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'GET').expect(405);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['allow']).toBe('GET, HEAD, POST');
  });

  it('on a non-loopback host without configured origins: no CORS at all', async () => {
    const t = await createTestApp({ host: '0.0.0.0' });
    const response = await t.http.options('/v1/products').set('Origin', PAGE).set('Access-Control-Request-Method', 'GET').expect(405);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('an OPTIONS that is not a preflight stays a wrong method (405), and a preflight to an unknown path a 404', async () => {
    const t = await createTestApp();
    await t.http.options('/v1/products').set('Origin', PAGE).expect(405);
    await t.http.options('/v1/nothing').set('Origin', PAGE).set('Access-Control-Request-Method', 'GET').expect(404);
  });
});
