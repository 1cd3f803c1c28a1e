/** The access log: one line per API and admin answer, with what an operator needs and nothing secret. */
import { describe, expect, it } from 'vitest';
import { createLogger, type LogLevel } from '../../src/platform/log.ts';
import { bearer, CLIENT, createTestApp, tokenFor } from '../support/test-app.ts';

const ADMIN_TOKEN = 'admin-token-never-logged';

interface Line {
  level: string;
  time: string;
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  durationMs?: number;
  requestId?: string;
  clientId?: string;
  scenario?: string;
  operationId?: string;
  error?: string;
}

async function loggedApp(level: LogLevel, config: Parameters<typeof createTestApp>[0] = {}) {
  const written: string[] = [];
  const t = await createTestApp(config, { logger: createLogger(level, (line) => written.push(line), { format: 'json' }) });
  const lines = () => written.map((line) => JSON.parse(line) as Line);
  return { t, written, lines, access: () => lines().filter((line) => line.path !== undefined) };
}

describe('access log', () => {
  it('writes one info line per API and admin answer: method, path, status, duration, request id, client, operation', async () => {
    const { t, access } = await loggedApp('info');
    const token = await tokenFor(t);
    const listed = await t.http.get('/v1/products?page=1').set(bearer(token)).expect(200);
    await t.http.get('/v1/nothing-here').expect(404);
    await t.http.get('/__admin/clock').expect(200);
    const entries = access();
    expect(entries.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      'POST /v1/auth/token 200',
      'GET /v1/products 200',
      'GET /v1/nothing-here 404',
      'GET /__admin/clock 200',
    ]);
    expect(entries.every((entry) => entry.level === 'info' && typeof entry.durationMs === 'number' && entry.durationMs >= 0)).toBe(true);
    expect(entries.every((entry) => !Number.isNaN(Date.parse(entry.time)))).toBe(true);
    expect(entries[1]).toMatchObject({ msg: 'GET /v1/products 200', clientId: 'mock-client', operationId: 'listProducts', requestId: listed.headers['x-request-id'] });
    expect(entries[0]?.clientId).toBe('mock-client');
    expect(entries[2]?.clientId).toBeUndefined();
  });

  it('a refusal names its error code, so two 401s read apart (invalid_token, TOKEN_EXPIRADO); an answer that is not a refusal names none', async () => {
    const { t, access } = await loggedApp('info', { tokens: { ttlSeconds: 60 } });
    await t.http.get('/v1/products').set(bearer('not-a-token')).expect(401);
    const token = await tokenFor(t);
    await t.http.post('/__admin/clock/advance').send({ seconds: 61 }).expect(200);
    const expired = await t.http.get('/v1/products').set(bearer(token)).expect(401);
    const entries = access().filter((entry) => entry.path === '/v1/products');
    expect(entries.map((entry) => [entry.msg, entry.error])).toEqual([
      ['GET /v1/products 401 invalid_token', 'invalid_token'],
      [`GET /v1/products 401 ${String(expired.body.error)}`, expired.body.error],
    ]);
    expect(expired.body.error).toBe('TOKEN_EXPIRADO');
    expect(access().find((entry) => entry.path === '/v1/auth/token')).not.toHaveProperty('error');
  });

  it('names the active scenario of the request', async () => {
    const { t, access } = await loggedApp('info');
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry' }).expect(200);
    await tokenFor(t);
    expect(access().at(-1)).toMatchObject({ path: '/v1/auth/token', status: 200, scenario: 'global:token-expiry' });
  });

  it('logs no secret: neither the client secret, the tokens, the admin token nor the query string', async () => {
    const { t, written, access } = await loggedApp('debug', { host: '0.0.0.0', adminToken: ADMIN_TOKEN });
    const issued = await t.http.post('/v1/auth/token').send(CLIENT).expect(200);
    const { access_token: accessToken, refresh_token: refreshToken } = issued.body.data as { access_token: string; refresh_token: string };
    // An unknown query parameter is refused (400), and logged without its value.
    await t.http.get(`/v1/products?access_token=${accessToken}`).set(bearer(accessToken)).expect(400);
    await t.http.post('/v1/auth/token/refresh').send({ refresh_token: refreshToken }).expect(200);
    await t.http.get('/__admin/clock').set(bearer(ADMIN_TOKEN)).expect(200);
    await t.http.get('/__admin/clock').set(bearer('a-wrong-admin-token')).expect(401);
    expect(access()).toHaveLength(5);
    const everything = written.join('');
    for (const secret of [CLIENT.client_secret, accessToken, refreshToken, ADMIN_TOKEN, 'a-wrong-admin-token']) expect(everything).not.toContain(secret);
    expect(access()[1]?.path).toBe('/v1/products');
  });

  it('logs health checks at debug only, so a container probe does not bury the requests', async () => {
    const info = await loggedApp('info');
    await info.t.http.get('/__admin/health').expect(200);
    expect(info.access()).toEqual([]);
    const debug = await loggedApp('debug');
    await debug.t.http.get('/__admin/health').expect(200);
    expect(debug.access()).toMatchObject([{ level: 'debug', path: '/__admin/health', status: 200, operationId: 'getHealth' }]);
  });

  it('is off at warn: no access line, whatever the answers', async () => {
    const { t, written } = await loggedApp('warn');
    await tokenFor(t);
    await t.http.get('/v1/products').expect(401);
    await t.http.get('/__admin/clock').expect(200);
    expect(written).toEqual([]);
  });
});
