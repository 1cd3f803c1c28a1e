/**
 * Standard OAuth client libraries against the mock (RFC 6749 §2.3.1, §6; RFC 7009): oauth4webapi issues, refreshes
 * and revokes, configured as the README shows (the `{data}` envelope unwrapped, refresh on its own path, revoke
 * authorised by the bearer). Client credentials sent along on refresh and revoke are checked; a mismatch is 401
 * CLIENT_INVALIDO and writes nothing.
 */
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { afterEach, describe, expect, it } from 'vitest';
import type { TokenRecord } from '../../src/domain/records.ts';
import { tokenIdOf } from '../../src/tokens/rules.ts';
import { bearer, CLIENT, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

const closers: Array<() => void> = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

async function listening(t: TestApp): Promise<string> {
  const server = t.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The README's configuration: the mock answers `{data: …}`, a standard client reads the token at the top. */
const unwrapData: typeof fetch = async (url, init) => {
  const response = await fetch(url, init);
  const body: unknown = await response.clone().json().catch(() => undefined);
  if (!response.ok || typeof body !== 'object' || body === null || !('data' in body)) return response;
  return new Response(JSON.stringify(body.data), { status: response.status, headers: { 'content-type': 'application/json' } });
};

/** Revoke is authorised by the bearer token (the library sends client credentials only): added on the way out. */
const withBearer =
  (accessToken: string): typeof fetch =>
  (url, init) =>
    fetch(url, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), authorization: `Bearer ${accessToken}` } });

describe('oauth4webapi against the mock', () => {
  it('issues (client_secret_post), refreshes (post and basic) and revokes with token_type_hint and client_id', async () => {
    const t = await createTestApp();
    const base = await listening(t);
    const as: oauth.AuthorizationServer = {
      issuer: base,
      token_endpoint: `${base}/v1/auth/token`,
      revocation_endpoint: `${base}/v1/auth/token/revoke`,
    };
    const refreshServer = { ...as, token_endpoint: `${base}/v1/auth/token/refresh` };
    const client: oauth.Client = { client_id: 'mock-client' };
    const auth = oauth.ClientSecretPost('mock-secret');
    const options = { [oauth.allowInsecureRequests]: true, [oauth.customFetch]: unwrapData };

    const issued = await oauth.processClientCredentialsResponse(
      as,
      client,
      await oauth.clientCredentialsGrantRequest(as, client, auth, new URLSearchParams(), options),
    );
    expect(issued).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const refreshToken = issued.refresh_token as string;

    const refreshed = await oauth.processRefreshTokenResponse(
      refreshServer,
      client,
      await oauth.refreshTokenGrantRequest(refreshServer, client, auth, refreshToken, options),
    );
    expect(refreshed.refresh_token).toBe(refreshToken);
    expect(refreshed.access_token).not.toBe(issued.access_token);
    const viaBasic = await oauth.processRefreshTokenResponse(
      refreshServer,
      client,
      await oauth.refreshTokenGrantRequest(refreshServer, client, oauth.ClientSecretBasic('mock-secret'), refreshToken, options),
    );
    expect(viaBasic.refresh_token).toBe(refreshToken);

    const revoked = await oauth.revocationRequest(as, client, auth, refreshToken, {
      ...options,
      [oauth.customFetch]: withBearer(refreshed.access_token),
      additionalParameters: { token_type_hint: 'refresh_token' },
    });
    await oauth.processRevocationResponse(revoked);
    expect(t.store.get<TokenRecord>('tokens', tokenIdOf(refreshToken))?.revokedAt).not.toBeNull();
    const after = await fetch(`${base}/v1/products`, { headers: bearer(viaBasic.access_token) });
    expect(after.status).toBe(401);
  });
});

describe('client credentials sent along on refresh and revoke', () => {
  async function issued(t: TestApp): Promise<{ access: string; refresh: string }> {
    const response = await t.http.post('/v1/auth/token').send(CLIENT).expect(200);
    return { access: response.body.data.access_token, refresh: response.body.data.refresh_token };
  }

  it.each<[Record<string, string>, string]>([
    [{ client_id: 'mock-client', client_secret: 'wrong-secret' }, 'a wrong secret'],
    [{ client_id: 'inactive-client', client_secret: 'inactive-secret' }, "another client's credentials"],
    [{ client_id: 'inactive-client' }, "another client's id"],
    [{ client_id: 'nobody', client_secret: 'mock-secret' }, 'an unknown id'],
  ])('refresh with %j (%s) is 401 CLIENT_INVALIDO and issues nothing', async (credentials) => {
    const t = await createTestApp();
    const { refresh } = await issued(t);
    const tokens = t.store.count('tokens');
    const response = await t.http.post('/v1/auth/token/refresh').type('form').send({ refresh_token: refresh, ...credentials }).expect(401);
    expect(response.body.error).toBe('CLIENT_INVALIDO');
    expect(response.headers['www-authenticate']).toMatch(/^Basic /);
    expect(t.store.count('tokens')).toBe(tokens);
  });

  it('refresh with wrong HTTP Basic credentials is 401 CLIENT_INVALIDO', async () => {
    const t = await createTestApp();
    const { refresh } = await issued(t);
    const response = await t.http.post('/v1/auth/token/refresh').auth('mock-client', 'wrong').send({ refresh_token: refresh }).expect(401);
    expect(response.body.error).toBe('CLIENT_INVALIDO');
  });

  it.each<[Record<string, string>]>([
    [{ client_id: 'inactive-client' }],
    [{ client_id: 'mock-client', client_secret: 'wrong-secret' }],
  ])('revoke with %j beside the bearer is 401 CLIENT_INVALIDO and revokes nothing', async (credentials) => {
    const t = await createTestApp();
    const { access, refresh } = await issued(t);
    const response = await t.http.post('/v1/auth/token/revoke').set(bearer(access)).send({ token: refresh, ...credentials }).expect(401);
    expect(response.body.error).toBe('CLIENT_INVALIDO');
    expect(t.store.get<TokenRecord>('tokens', tokenIdOf(refresh))?.revokedAt).toBeNull();
  });

  it('revoke takes RFC 7009 token_type_hint, form-encoded, and refuses a hint outside the registry', async () => {
    const t = await createTestApp();
    const { access } = await issued(t);
    const other = await tokenFor(t);
    await t.http.post('/v1/auth/token/revoke').set(bearer(access)).type('form').send({ token: other, token_type_hint: 'access_token', client_id: 'mock-client' }).expect(200);
    expect(t.store.get<TokenRecord>('tokens', tokenIdOf(other))?.revokedAt).not.toBeNull();
    const wrong = await t.http.post('/v1/auth/token/revoke').set(bearer(access)).send({ token: access, token_type_hint: 'id_token' }).expect(400);
    expect(wrong.body.details).toEqual([{ path: 'token_type_hint', message: expect.stringContaining('access_token') }]);
  });
});

describe('token request with HTTP Basic only', () => {
  it.each([
    ['no body at all', undefined],
    ['grant_type=client_credentials alone', 'grant_type=client_credentials'],
  ])('%s: 200 with a token pair', async (_what, body) => {
    const t = await createTestApp();
    const request = t.http.post('/v1/auth/token').auth('mock-client', 'mock-secret');
    const response = await (body === undefined ? request : request.type('form').send(body)).expect(200);
    expect(response.body.data.token_type).toBe('Bearer');
  });
});
