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
