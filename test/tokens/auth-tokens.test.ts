import { describe, expect, it } from 'vitest';
import type { StoredRecord } from '../../src/domain/records.ts';
import { tokenIdOf } from '../../src/tokens/rules.ts';
import { bearer, CLIENT, createTestApp, tokenFor } from '../support/test-app.ts';

interface TokenBody {
  data: { access_token: string; refresh_token: string; token_type: string; expires_in: number };
}

describe('token issue', () => {
  it('issues a bearer token pair from a JSON body', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/v1/auth/token').send(CLIENT).expect(200);
    const { data } = response.body as TokenBody;
    expect(data.token_type).toBe('Bearer');
    expect(data.expires_in).toBe(3600);
    expect(data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.access_token).not.toBe(data.refresh_token);
  });

  it('accepts form-encoded credentials, as OAuth clients send them', async () => {
    const t = await createTestApp();
    const response = await t.http
      .post('/api/auth/token')
      .type('form')
      .send('client_id=mock-client&client_secret=mock-secret&grant_type=client_credentials')
      .expect(200);
    expect((response.body as TokenBody).data.token_type).toBe('Bearer');
  });

  it('accepts HTTP Basic client authentication', async () => {
    const t = await createTestApp();
    const basic = Buffer.from('mock-client:mock-secret').toString('base64');
    const response = await t.http.post('/v1/auth/token').set('Authorization', `Basic ${basic}`).expect(200);
    expect((response.body as TokenBody).data.access_token).toHaveLength(43);
  });

  it('refuses a wrong secret with 401 CLIENT_INVALIDO and WWW-Authenticate', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/v1/auth/token').send({ ...CLIENT, client_secret: 'nope' }).expect(401);
    expect(response.body.error).toBe('CLIENT_INVALIDO');
    expect(response.headers['www-authenticate']).toMatch(/error="invalid_client"/);
    expect(t.store.count('tokens')).toBe(0);
  });

  it('refuses an unknown client id with CLIENT_INVALIDO', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/v1/auth/token').send({ client_id: 'ghost', client_secret: 'mock-secret' }).expect(401);
    expect(response.body.error).toBe('CLIENT_INVALIDO');
    expect(t.store.count('tokens')).toBe(0);
  });

  it('answers a deactivated client with 403 CLIENT_INATIVO only once its secret matched', async () => {
    const t = await createTestApp();
    const inactive = await t.http
      .post('/v1/auth/token')
      .send({ client_id: 'inactive-client', client_secret: 'inactive-secret' })
      .expect(403);
    expect(inactive.body.error).toBe('CLIENT_INATIVO');
    const wrong = await t.http.post('/v1/auth/token').send({ client_id: 'inactive-client', client_secret: 'x' }).expect(401);
    expect(wrong.body.error).toBe('CLIENT_INVALIDO');
    expect(t.store.count('tokens')).toBe(0);
  });

  it('names a missing credential field in details', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/v1/auth/token').send({ client_id: 'mock-client' }).expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details).toContainEqual(expect.objectContaining({ path: 'client_secret' }));
    expect(t.store.count('tokens')).toBe(0);
  });
});

describe('bearer tokens on protected operations', () => {
  it('answers a missing token with 401 invalid_token and the RFC 6750 challenge', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/v1/products').expect(401);
    expect(response.body.error).toBe('invalid_token');
    expect(response.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
  });

  it('answers a malformed or unknown token with invalid_token', async () => {
    const t = await createTestApp();
    for (const header of ['Token abc', 'Bearer', 'Bearer not-a-real-token-000000000000000000000000000']) {
      const response = await t.http.get('/v1/products').set('Authorization', header).expect(401);
      expect(response.body.error).toBe('invalid_token');
    }
  });

  it('refuses a refresh token used as a bearer token', async () => {
    const t = await createTestApp();
    const issued = (await t.http.post('/v1/auth/token').send(CLIENT)).body as TokenBody;
    const response = await t.http.get('/v1/products').set(bearer(issued.data.refresh_token)).expect(401);
    expect(response.body.error).toBe('invalid_token');
  });

  it('expires an access token after exactly one hour on the mock clock', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    t.clock.advance(3599);
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    t.clock.advance(1);
    const response = await t.http.get('/v1/products').set(bearer(token)).expect(401);
    expect(response.body.error).toBe('TOKEN_EXPIRADO');
    expect(response.headers['www-authenticate']).toContain('TOKEN_EXPIRADO');
  });
});

describe('refresh', () => {
  it('gives a new access token, returns the refresh token unchanged and keeps the old access token valid', async () => {
    const t = await createTestApp();
    const first = ((await t.http.post('/v1/auth/token').send(CLIENT)).body as TokenBody).data;
    const refreshed = await t.http.post('/v1/auth/token/refresh').send({ refresh_token: first.refresh_token }).expect(200);
    const second = (refreshed.body as TokenBody).data;
    expect(second.refresh_token).toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    await t.http.get('/v1/products').set(bearer(first.access_token)).expect(200);
    await t.http.get('/v1/products').set(bearer(second.access_token)).expect(200);
  });

  it('keeps a refresh token valid long after its access token expired', async () => {
    const t = await createTestApp();
    const first = ((await t.http.post('/v1/auth/token').send(CLIENT)).body as TokenBody).data;
    t.clock.advance(30 * 24 * 3600);
    await t.http.post('/v1/auth/token/refresh').send({ refresh_token: first.refresh_token }).expect(200);
  });

  it('refuses an unknown refresh token with invalid_token', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/v1/auth/token/refresh').send({ refresh_token: 'unknown' }).expect(401);
    expect(response.body.error).toBe('invalid_token');
    expect(response.headers['www-authenticate']).toBeDefined();
  });
});

describe('revoke', () => {
  it('makes a revoked access token fail with TOKEN_REVOGADO', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const other = await tokenFor(t);
    const response = await t.http.post('/v1/auth/token/revoke').set(bearer(other)).send({ token }).expect(200);
    expect(response.body).toEqual({ data: { revoked: true } });
    const refused = await t.http.get('/v1/products').set(bearer(token)).expect(401);
    expect(refused.body.error).toBe('TOKEN_REVOGADO');
    await t.http.get('/v1/products').set(bearer(other)).expect(200);
  });

  it('lets a token revoke itself', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.post('/v1/auth/token/revoke').set(bearer(token)).send({ token }).expect(200);
    const refused = await t.http.get('/v1/auth/token/list').set(bearer(token)).expect(401);
    expect(refused.body.error).toBe('TOKEN_REVOGADO');
  });

  it('revoking a refresh token revokes it and every access token issued from it', async () => {
    const t = await createTestApp();
    const pair = ((await t.http.post('/v1/auth/token').send(CLIENT)).body as TokenBody).data;
    const refreshed = ((await t.http.post('/v1/auth/token/refresh').send({ refresh_token: pair.refresh_token })).body as TokenBody).data;
    const unrelated = await tokenFor(t);
    await t.http.post('/v1/auth/token/revoke').set(bearer(unrelated)).send({ token: pair.refresh_token }).expect(200);
    const again = await t.http.post('/v1/auth/token/refresh').send({ refresh_token: pair.refresh_token }).expect(401);
    expect(again.body.error).toBe('TOKEN_REVOGADO');
    for (const access of [pair.access_token, refreshed.access_token]) {
      const refused = await t.http.get('/v1/products').set(bearer(access)).expect(401);
      expect(refused.body.error).toBe('TOKEN_REVOGADO');
    }
    await t.http.get('/v1/products').set(bearer(unrelated)).expect(200);
  });

  it('answers TOKEN_REVOGADO for an access token that had expired before its refresh token was revoked', async () => {
    const t = await createTestApp();
    const pair = ((await t.http.post('/v1/auth/token').send(CLIENT)).body as TokenBody).data;
    t.clock.advance(3600);
    const current = ((await t.http.post('/v1/auth/token/refresh').send({ refresh_token: pair.refresh_token })).body as TokenBody).data;
    expect((await t.http.get('/v1/products').set(bearer(pair.access_token)).expect(401)).body.error).toBe('TOKEN_EXPIRADO');
    await t.http.post('/v1/auth/token/revoke').set(bearer(current.access_token)).send({ token: pair.refresh_token }).expect(200);
    expect((await t.http.get('/v1/products').set(bearer(pair.access_token)).expect(401)).body.error).toBe('TOKEN_REVOGADO');
  });

  it('answers 200 for an unknown token (RFC 7009)', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.post('/v1/auth/token/revoke').set(bearer(token)).send({ token: 'never-issued' }).expect(200);
  });

  it("refuses to revoke another client's token with 400 and leaves it working", async () => {
    const t = await createTestApp({
      clients: [
        { clientId: 'mock-client', clientSecret: 'mock-secret' },
        { clientId: 'second-client', clientSecret: 'second-secret' },
      ],
    });
    const mine = await tokenFor(t);
    const theirs = await tokenFor(t, { client_id: 'second-client', client_secret: 'second-secret' });
    const response = await t.http.post('/v1/auth/token/revoke').set(bearer(mine)).send({ token: theirs }).expect(400);
    expect(response.body.error).toBe('invalid_request');
    await t.http.get('/v1/products').set(bearer(theirs)).expect(200);
  });

  it('requires a bearer token', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/v1/auth/token/revoke').send({ token: 'x' }).expect(401);
    expect(response.body.error).toBe('invalid_token');
  });
});

describe('token list', () => {
  it('lists active access tokens with a hint, never their values', async () => {
    const t = await createTestApp();
    const first = await tokenFor(t);
    const second = await tokenFor(t);
    const response = await t.http.get('/v1/auth/token/list').set(bearer(second)).expect(200);
    const tokens = response.body.data as Array<Record<string, unknown>>;
    expect(tokens).toHaveLength(2);
    expect(tokens.map((token) => token['tokenHint']).sort()).toEqual([first.slice(-6), second.slice(-6)].sort());
    expect(JSON.stringify(response.body)).not.toContain(first);
    expect(JSON.stringify(response.body)).not.toContain(second);
    expect(tokens[0]).toEqual(
      expect.objectContaining({ issuedAt: '2026-03-02T10:00:00.000Z', expiresAt: '2026-03-02T11:00:00.000Z' }),
    );
  });
});

describe('at most five active tokens per client', () => {
  it('refuses a sixth token under the default reject policy, writing nothing', async () => {
    const t = await createTestApp();
    const tokens = [];
    for (let i = 0; i < 5; i += 1) tokens.push(await tokenFor(t));
    const before = t.store.count('tokens');
    const response = await t.http.post('/v1/auth/token').send(CLIENT).expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.message).toContain('5');
    expect(t.store.count('tokens')).toBe(before);
    for (const token of tokens) await t.http.get('/v1/products').set(bearer(token)).expect(200);
  });

  it('keeps the limit of five and its refusal when a configuration sets only the lifetime', async () => {
    const t = await createTestApp({ tokens: { ttlSeconds: 60 } });
    for (let i = 0; i < 5; i += 1) await tokenFor(t);
    const before = t.store.count('tokens');
    const response = await t.http.post('/v1/auth/token').send(CLIENT).expect(400);
    expect([response.body.error, response.body.message]).toEqual(['invalid_request', 'Limite de 5 tokens ativos por cliente atingido']);
    expect(t.store.count('tokens')).toBe(before);
  });

  it('revokes the oldest active token under the revoke-oldest policy', async () => {
    const t = await createTestApp({ tokens: { limitPolicy: 'revoke-oldest' } });
    const tokens = [];
    for (let i = 0; i < 5; i += 1) {
      tokens.push(await tokenFor(t));
      t.clock.advance(1);
    }
    const sixth = await tokenFor(t);
    const oldest = await t.http.get('/v1/products').set(bearer(tokens[0] as string)).expect(401);
    expect(oldest.body.error).toBe('TOKEN_REVOGADO');
    for (const token of [...tokens.slice(1), sixth]) await t.http.get('/v1/products').set(bearer(token)).expect(200);
    const list = await t.http.get('/v1/auth/token/list').set(bearer(sixth)).expect(200);
    expect(list.body.data).toHaveLength(5);
  });

  it('still counts the oldest token under revoke-oldest when a crash lost the line revoking it', async () => {
    const t = await createTestApp({ tokens: { limitPolicy: 'revoke-oldest' } });
    const tokens: string[] = [];
    for (let i = 0; i < 5; i += 1) tokens.push(await tokenFor(t));
    const oldest = t.store.get('tokens', tokenIdOf(tokens[0] as string));
    const sixth = await tokenFor(t);
    // What a torn journal leaves: the ledger line kept, the revocation of the oldest token lost.
    t.store.put('tokens', oldest as StoredRecord);
    await t.http.get('/v1/products').set(bearer(tokens[0] as string)).expect(200);
    const listed = await t.http.get('/v1/auth/token/list').set(bearer(sixth)).expect(200);
    expect(listed.body.data).toHaveLength(6);
    await tokenFor(t);
    const after = await t.http.get('/v1/auth/token/list').set(bearer(sixth)).expect(200);
    expect(after.body.data).toHaveLength(5);
    expect((await t.http.get('/v1/products').set(bearer(tokens[0] as string)).expect(401)).body.error).toBe('TOKEN_REVOGADO');
  });

  it('does not count expired tokens', async () => {
    const t = await createTestApp();
    for (let i = 0; i < 5; i += 1) await tokenFor(t);
    t.clock.advance(3600);
    await t.http.post('/v1/auth/token').send(CLIENT).expect(200);
  });

  it('applies the limit to refresh too', async () => {
    const t = await createTestApp();
    const pair = ((await t.http.post('/v1/auth/token').send(CLIENT)).body as TokenBody).data;
    for (let i = 0; i < 4; i += 1) await tokenFor(t);
    const before = t.store.count('tokens');
    const response = await t.http.post('/v1/auth/token/refresh').send({ refresh_token: pair.refresh_token }).expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(t.store.count('tokens')).toBe(before);
  });

  it('keeps the limit and the list exact over many issues under revoke-oldest, newest first', async () => {
    const t = await createTestApp({ tokens: { limitPolicy: 'revoke-oldest' } });
    const tokens: string[] = [];
    for (let i = 0; i < 30; i += 1) tokens.push(await tokenFor(t));
    const newest = tokens.slice(-5).reverse();
    const list = await t.http.get('/v1/auth/token/list').set(bearer(newest[0] as string)).expect(200);
    expect(list.body.data.map((token: { tokenHint: string }) => token.tokenHint)).toEqual(newest.map((token) => token.slice(-6)));
    for (const token of tokens.slice(0, 25)) {
      expect((await t.http.get('/v1/products').set(bearer(token)).expect(401)).body.error).toBe('TOKEN_REVOGADO');
    }
  });

  it('counts the active tokens of a store written before the per-client token ledger existed', async () => {
    const t = await createTestApp();
    for (let i = 0; i < 5; i += 1) await tokenFor(t);
    t.store.setMeta('tokens:mock-client', undefined);
    const response = await t.http.post('/v1/auth/token').send(CLIENT).expect(400);
    expect(response.body.error).toBe('invalid_request');
  });
});

describe('refresh as OAuth libraries send it', () => {
  it('takes grant_type=refresh_token, form-encoded (RFC 6749 §6), and refuses another grant type', async () => {
    const t = await createTestApp();
    const issued = await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(200);
    const refreshed = await t.http
      .post('/v1/auth/token/refresh')
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: issued.body.data.refresh_token })
      .expect(200);
    expect(refreshed.body.data.refresh_token).toBe(issued.body.data.refresh_token);
    const tokens = t.store.count('tokens');
    const wrong = await t.http
      .post('/v1/auth/token/refresh')
      .type('form')
      .send({ grant_type: 'password', refresh_token: issued.body.data.refresh_token })
      .expect(400);
    expect(wrong.body.details).toEqual([{ path: 'grant_type', message: 'deve ser um de: refresh_token' }]);
    expect(t.store.count('tokens')).toBe(tokens);
  });
});
