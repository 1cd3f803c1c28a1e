/** openid-client 6: client credentials, refresh and revoke against commerce-mock. */
import * as client from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock, type Mock } from 'commerce-mock';
import { unwrapData, withBearer } from './unwrap-data.ts';

let mock: Mock;
beforeAll(async () => void (mock = await startMock()));
afterAll(() => mock.stop());

function configuration(base: string, tokenPath: string, glue: typeof fetch | null = unwrapData): client.Configuration {
  const server = { issuer: base, token_endpoint: `${base}${tokenPath}`, revocation_endpoint: `${base}/v1/auth/token/revoke` };
  // client_secret_post by default: the mock also takes client_secret_basic (client.ClientSecretBasic(secret)).
  const config = new client.Configuration(server, mock.credentials.clientId, mock.credentials.clientSecret);
  if (glue) config[client.customFetch] = glue;
  client.allowInsecureRequests(config); // http://127.0.0.1: the mock has no TLS
  return config;
}

it('refuses the token envelope without the glue (OAUTH_INVALID_RESPONSE)', async () => {
  await expect(client.clientCredentialsGrant(configuration(mock.url, '/v1/auth/token', null))).rejects.toMatchObject({ code: 'OAUTH_INVALID_RESPONSE' });
});

it('gets a token with unwrapData, refreshes it on the refresh path, and revokes it', async () => {
  const tokens = await client.clientCredentialsGrant(configuration(mock.url, '/v1/auth/token'));
  // Seconds left, counted from the answer's arrival: an hour, less the second or two a busy machine takes.
  expect(tokens.expiresIn()).toBeGreaterThanOrEqual(3590);
  expect(tokens.expiresIn()).toBeLessThanOrEqual(3600);
  const products = await fetch(`${mock.url}/v1/products`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(products.status).toBe(200);

  // Refresh has its own path on this service: a second configuration whose token endpoint is that path.
  const refreshed = await client.refreshTokenGrant(configuration(mock.url, '/v1/auth/token/refresh'), tokens.refresh_token!);
  expect(refreshed.access_token).not.toBe(tokens.access_token);

  const revoking = configuration(mock.url, '/v1/auth/token', withBearer(refreshed.access_token));
  await client.tokenRevocation(revoking, tokens.refresh_token!, { token_type_hint: 'refresh_token' });
  const after = await fetch(`${mock.url}/v1/products`, { headers: { authorization: `Bearer ${refreshed.access_token}` } });
  expect(after.status).toBe(401);
});
