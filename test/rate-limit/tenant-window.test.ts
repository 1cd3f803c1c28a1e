/**
 * A tenant's window is its own: a request counts against a client's rate window, journal and coverage only when it
 * proves to be that client (its secret, or a token it holds). A refused credential attempt that merely names a
 * client counts against the address it came from, which is limited as any other (429 with Retry-After).
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

interface Tenant {
  clientId: string;
  clientSecret: string;
}

async function tenantOf(t: TestApp): Promise<Tenant> {
  return (await t.http.post('/__admin/tenants').send({ seedData: 'none' }).expect(201)).body.data as Tenant;
}

const basic = (clientId: string, secret: string) => ({ Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` });

async function journalOf(t: TestApp, clientId: string): Promise<Array<{ operationId?: string; status: number }>> {
  return (await t.http.get('/__admin/requests').query({ clientId, limit: 1000 }).expect(200)).body.data;
}

async function metOutcomes(t: TestApp, clientId: string): Promise<string[]> {
  const coverage = (await t.http.get('/__admin/coverage').query({ clientId }).expect(200)).body.data as { outcomes: Array<{ id: string; status: string }> };
  return coverage.outcomes.filter((outcome) => outcome.status !== 'not-met').map((outcome) => outcome.id).sort();
}

/** One hostile request naming `victim` without proving to be it, in one of the ways a body or header can name it. */
function hostile(t: TestApp, victim: string, index: number) {
  switch (index % 4) {
    case 0:
      return t.http.post('/v1/auth/token').send({ client_id: victim, client_secret: 'x' });
    case 1:
      return t.http.post('/v1/auth/token').set(basic(victim, 'x')).send({ grant_type: 'client_credentials' });
    case 2:
      return t.http.post('/v1/auth/token/refresh').send({ client_id: victim, client_secret: 'x', refresh_token: 'mrt_not-a-real-token-0000000000' });
    default:
      return t.http.get('/v1/products').set(basic(victim, 'x'));
  }
}

describe("a tenant's window is its own", () => {
  it('110 token requests naming a tenant with a wrong secret neither block it nor enter its journal or coverage', async () => {
    const t = await createTestApp();
    const victim = await tenantOf(t);
    const token = await tokenFor(t, { client_id: victim.clientId, client_secret: victim.clientSecret });
    for (let sent = 0; sent < 110; sent += 1) await t.http.post('/v1/auth/token').send({ client_id: victim.clientId, client_secret: 'x' });

    const own = await t.http.get('/v1/products').set(bearer(token)).expect(200);
    expect(own.headers['ratelimit-remaining']).toBe('98');
    expect((await journalOf(t, victim.clientId)).map((entry) => [entry.operationId, entry.status])).toEqual([
      ['listProducts', 200],
      ['issueToken', 200],
    ]);
    expect(await metOutcomes(t, victim.clientId)).toEqual(['products.list.200', 'tokens.issue.200']);
  });

  it('the sender’s address is limited: past 100 attempts it is answered 429 with Retry-After', async () => {
    const t = await createTestApp();
    const victim = await tenantOf(t);
    const answers: number[] = [];
    for (let sent = 0; sent < 101; sent += 1) answers.push((await t.http.post('/v1/auth/token').send({ client_id: victim.clientId, client_secret: 'x' })).status);
    expect(answers.slice(0, 100).every((status) => status === 401)).toBe(true);
    expect(answers[100]).toBe(429);
    const refused = await t.http.post('/v1/auth/token').send({ client_id: 'nobody', client_secret: 'x' }).expect(429);
    expect(refused.body.error).toBe('muitas_requisicoes');
    expect(refused.headers['retry-after']).toBe('60');
  });

  it('1,000 hostile requests naming a tenant leave its own calls untouched', async () => {
    const t = await createTestApp();
    const victim = await tenantOf(t);
    const token = await tokenFor(t, { client_id: victim.clientId, client_secret: victim.clientSecret });
    const statuses = new Set<number>();
    for (let index = 0; index < 1000; index += 1) statuses.add((await hostile(t, victim.clientId, index)).status);
    expect([...statuses].sort()).toEqual([401, 429]);

    for (let call = 1; call <= 5; call += 1) {
      const own = await t.http.get('/v1/products').set(bearer(token)).expect(200);
      expect(own.headers['ratelimit-remaining']).toBe(String(99 - call));
    }
    const journal = await journalOf(t, victim.clientId);
    expect(journal).toHaveLength(6);
    expect(journal.every((entry) => entry.status === 200)).toBe(true);
    expect(await metOutcomes(t, victim.clientId)).toEqual(['products.list.200', 'tokens.issue.200']);
  });

  it('a token request with valid credentials still counts against its client, and a wrong secret does not', async () => {
    const t = await createTestApp({ rateLimit: { limit: 3 } });
    const tenant = await tenantOf(t);
    const credentials = { client_id: tenant.clientId, client_secret: tenant.clientSecret };
    await t.http.post('/v1/auth/token').send({ ...credentials, client_secret: 'x' }).expect(401);
    for (const remaining of ['2', '1', '0']) {
      const issued = await t.http.post('/v1/auth/token').set(basic(tenant.clientId, tenant.clientSecret)).send({}).expect(200);
      expect(issued.headers['ratelimit-remaining']).toBe(remaining);
    }
    await t.http.post('/v1/auth/token').send(credentials).expect(429);
    expect((await journalOf(t, tenant.clientId)).map((entry) => entry.status)).toEqual([429, 200, 200, 200]);
  });
});
