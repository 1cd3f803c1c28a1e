/**
 * The caller is resolved once per request: a bearer token is hashed once and its record read once (with the
 * refresh token it came from), whether a scenario rule fires on the request or not, and authentication judges
 * what was resolved, as it stands after a rule's effect.
 */
import { describe, expect, it, vi } from 'vitest';
import { openStore } from '../../src/store/index.ts';
import { counting } from '../support/counting-store.ts';
import { bearer, createTestApp, tokenFor, withScenario } from '../support/test-app.ts';

const hashes = vi.hoisted(() => ({ sha256: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  const createHash = ((algorithm: string, ...rest: unknown[]) => {
    if (algorithm === 'sha256') hashes.sha256 += 1;
    return (original.createHash as (...args: unknown[]) => unknown)(algorithm, ...rest);
  }) as typeof original.createHash;
  // The one-shot `hash` (what a bearer token's lookup uses) counts the same.
  const hash = ((algorithm: string, ...rest: unknown[]) => {
    if (algorithm === 'sha256') hashes.sha256 += 1;
    return (original.hash as (...args: unknown[]) => unknown)(algorithm, ...rest);
  }) as typeof original.hash;
  return { ...original, default: { ...original, createHash, hash }, createHash, hash };
});

async function measured(run: () => Promise<unknown>, reads: () => number): Promise<{ hashes: number; tokenReads: number }> {
  const [hashesBefore, readsBefore] = [hashes.sha256, reads()];
  await run();
  return { hashes: hashes.sha256 - hashesBefore, tokenReads: reads() - readsBefore };
}

describe('the caller, resolved once', () => {
  it('a bearer request hashes its token once and reads it once, with the refresh token it came from', async () => {
    const store = counting(await openStore({}));
    const t = await createTestApp({}, { store: store.store });
    const token = await tokenFor(t);
    // The first use stamps lastUsedAt (a write that reads the record again); the second is the steady state.
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    const cost = await measured(() => t.http.get('/v1/products').set(bearer(token)).expect(200), () => store.reads('tokens'));
    expect(cost).toEqual({ hashes: 1, tokenReads: 2 });
  });

  it('a scenario rule that fires on the request does not look the caller up again', async () => {
    const scenarios = withScenario({ name: 'custom', rules: [{ match: { authenticated: true }, then: { latencyMs: 1 } }] });
    const store = counting(await openStore({}));
    const t = await createTestApp({ scenario: 'custom' }, { store: store.store, scenarios });
    const token = await tokenFor(t);
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    const cost = await measured(() => t.http.get('/v1/products').set(bearer(token)).expect(200), () => store.reads('tokens'));
    expect(cost).toEqual({ hashes: 1, tokenReads: 2 });
  });

  it('a rule that revokes the caller’s token is seen by authentication in the same request: 401 TOKEN_REVOGADO', async () => {
    const scenarios = withScenario({ name: 'custom', rules: [{ match: { authenticated: true }, when: { nth: 2 }, then: { revokeToken: true } }] });
    const t = await createTestApp({ scenario: 'custom' }, { scenarios });
    const token = await tokenFor(t);
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    const before = hashes.sha256;
    const refused = await t.http.get('/v1/products').set(bearer(token)).expect(401);
    expect(refused.body.error).toBe('TOKEN_REVOGADO');
    expect(hashes.sha256 - before).toBe(1);
  });

  it('an unknown bearer token is hashed once and refused: 401 invalid_token', async () => {
    const t = await createTestApp();
    const before = hashes.sha256;
    const refused = await t.http.get('/v1/products').set(bearer('not-a-token')).expect(401);
    expect(refused.body.error).toBe('invalid_token');
    expect(hashes.sha256 - before).toBe(1);
  });
});

describe('a token request that names its client in its body', () => {
  it('is refused as before when its body is malformed, too large or of another media type, and writes nothing', async () => {
    const store = counting(await openStore({}));
    const t = await createTestApp({}, { store: store.store });
    // The mock saves its state after the first answer it gives: the count starts after one.
    await t.http.post('/v1/auth/token').set('Content-Type', 'application/json').send('{').expect(400);
    const before = store.writes();
    const malformed = await t.http.post('/v1/auth/token').set('Content-Type', 'application/json').send('{"client_id": "mock-client",').expect(400);
    expect([malformed.body.error, malformed.body.message]).toEqual(['invalid_request', 'JSON malformado no corpo do pedido']);
    const huge = await t.http.post('/v1/auth/token').set('Content-Type', 'application/json').send(`{"client_id": "mock-client", "pad": "${'x'.repeat(1024 * 1024)}"}`).expect(413);
    expect([huge.body.error, huge.headers['connection']]).toEqual(['invalid_request', 'close']);
    const text = await t.http.post('/v1/auth/token').set('Content-Type', 'text/plain').send('client_id=mock-client').expect(415);
    expect(text.body.error).toBe('invalid_request');
    expect(store.writes()).toBe(before);
  });

  it('is journaled under that client, once, with its secret masked', async () => {
    const t = await createTestApp();
    await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(200);
    const listed = (await t.http.get('/__admin/requests?operationId=issueToken').expect(200)).body.data as Array<{ id: string; clientId?: string; status: number }>;
    expect(listed.map((entry) => [entry.clientId, entry.status])).toEqual([['mock-client', 200]]);
    const detail = await t.http.get(`/__admin/requests/${encodeURIComponent(listed[0]!.id)}`).expect(200);
    expect(JSON.stringify(detail.body)).not.toContain('mock-secret');
  });
});
