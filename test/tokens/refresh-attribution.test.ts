/**
 * A refresh or a revocation that carries only a token in its body (no Basic header, no bearer) belongs to the
 * token's owner: it is journaled and counted to that client, runs under its scenario and rate window, and a
 * tenant's refresh runs on the tenant's own clock. So a client that renews an expired token by refreshing has
 * `auth.token.expired` handled.
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';

async function tokensOf(t: TestApp, clientId = 'mock-client', clientSecret = 'mock-secret') {
  const answer = await t.http.post('/v1/auth/token').send({ client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' }).expect(200);
  return answer.body.data as { access_token: string; refresh_token: string };
}

const newestEntry = async (t: TestApp, operationId: string) =>
  (await t.http.get('/__admin/requests').query({ operationId, limit: 1 }).expect(200)).body.data[0] as { clientId?: string; scenario?: string; receivedAt: string; status: number };

describe('a request that names its client only by a token in its body', () => {
  it('token → expired → 401 TOKEN_EXPIRADO → refresh → retry 200: tokens.refresh.200 met and auth.token.expired handled', async () => {
    const t = await createTestApp();
    const issued = await tokensOf(t);
    await t.http.post('/__admin/clock/advance').send({ seconds: 3700 }).expect(200);
    expect((await t.http.get('/v1/products').set(bearer(issued.access_token)).expect(401)).body.error).toBe('TOKEN_EXPIRADO');
    const refreshed = await t.http.post('/v1/auth/token/refresh').send({ refresh_token: issued.refresh_token }).expect(200);
    await t.http.get('/v1/products').set(bearer(refreshed.body.data.access_token)).expect(200);

    expect(await newestEntry(t, 'refreshToken')).toMatchObject({ clientId: 'mock-client', status: 200 });
    const coverage = (await t.http.get('/__admin/coverage').query({ clientId: 'mock-client' }).expect(200)).body.data as { outcomes: Array<{ id: string; status: string }> };
    const statusOf = (id: string) => coverage.outcomes.find((outcome) => outcome.id === id)?.status;
    expect(statusOf('tokens.refresh.200')).toBe('met');
    expect(statusOf('auth.token.expired')).toBe('handled');
  });

  it('a refresh runs under its client’s scenario and rate window: the client’s rate-limit scenario answers it 429', async () => {
    const t = await createTestApp();
    const issued = await tokensOf(t);
    await t.http.put('/__admin/scenarios/active').send({ name: 'rate-limited', clientId: 'mock-client' }).expect(200);
    // The scenario allows 5 requests a minute; the token request counted in the same window: the 5th refresh is refused.
    const answers: Array<{ status: number; error?: string }> = [];
    for (let index = 0; index < 5; index += 1) {
      const answer = await t.http.post('/v1/auth/token/refresh').send({ refresh_token: issued.refresh_token });
      answers.push({ status: answer.status, error: answer.body.error });
    }
    expect(answers.slice(0, 4).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers[4]).toEqual({ status: 429, error: 'muitas_requisicoes' });
    const entry = await newestEntry(t, 'refreshToken');
    expect(entry).toMatchObject({ clientId: 'mock-client', scenario: 'client:rate-limited' });
  });

  it('a tenant’s refresh runs on the tenant’s clock, and a revocation with only a token is journaled to its owner', async () => {
    const t = await createTestApp();
    const tenant = (await t.http.post('/__admin/tenants').send({ clientId: 'job-r', clock: { frozenAt: '2030-01-01T00:00:00Z' } }).expect(201)).body.data;
    const issued = await tokensOf(t, tenant.clientId, tenant.clientSecret);
    await t.http.post('/v1/auth/token/refresh').send({ refresh_token: issued.refresh_token }).expect(200);
    expect(await newestEntry(t, 'refreshToken')).toMatchObject({ clientId: 'job-r', receivedAt: '2030-01-01T00:00:00.000Z' });

    await t.http.post('/v1/auth/token/revoke').send({ token: issued.refresh_token }).expect(401);
    expect(await newestEntry(t, 'revokeToken')).toMatchObject({ clientId: 'job-r', status: 401 });
  });

  it('a token nobody holds names no client: the refresh is refused and journaled to no client', async () => {
    const t = await createTestApp();
    const refused = await t.http.post('/v1/auth/token/refresh').send({ refresh_token: 'mrt_not-a-real-token-0000000000' });
    expect(refused.status).toBe(401);
    expect((await newestEntry(t, 'refreshToken')).clientId).toBeUndefined();
  });
});
