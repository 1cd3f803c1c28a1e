/** oauth4webapi 3: client credentials, refresh and revoke against commerce-mock. */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock, type Mock } from 'commerce-mock';
import { unwrapData, withBearer } from './unwrap-data.ts';

let mock: Mock;
beforeAll(async () => void (mock = await startMock()));
afterAll(() => mock.stop());

it('refuses the token envelope without the glue', async () => {
  const as = { issuer: mock.url, token_endpoint: `${mock.url}/v1/auth/token` };
  const client = { client_id: mock.credentials.clientId };
  const auth = oauth.ClientSecretPost(mock.credentials.clientSecret);
  const response = await oauth.clientCredentialsGrantRequest(as, client, auth, new URLSearchParams(), { [oauth.allowInsecureRequests]: true });
  await expect(oauth.processClientCredentialsResponse(as, client, response)).rejects.toThrow('"access_token" property must be a string');
});

it('gets a token with unwrapData, refreshes it on the refresh path, and revokes it', async () => {
  const as = { issuer: mock.url, token_endpoint: `${mock.url}/v1/auth/token`, revocation_endpoint: `${mock.url}/v1/auth/token/revoke` };
  const refreshAs = { ...as, token_endpoint: `${mock.url}/v1/auth/token/refresh` }; // refresh has its own path
  const client = { client_id: mock.credentials.clientId };
  const auth = oauth.ClientSecretPost(mock.credentials.clientSecret);
  const options = { [oauth.allowInsecureRequests]: true, [oauth.customFetch]: unwrapData }; // http on 127.0.0.1

  const tokens = await oauth.processClientCredentialsResponse(as, client,
    await oauth.clientCredentialsGrantRequest(as, client, auth, new URLSearchParams(), options));
  expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
  const refreshed = await oauth.processRefreshTokenResponse(refreshAs, client,
    await oauth.refreshTokenGrantRequest(refreshAs, client, auth, tokens.refresh_token!, options));
  expect(refreshed.access_token).not.toBe(tokens.access_token);

  await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, tokens.refresh_token!,
    { ...options, [oauth.customFetch]: withBearer(refreshed.access_token), additionalParameters: { token_type_hint: 'refresh_token' } }));
  const after = await fetch(`${mock.url}/v1/products`, { headers: { authorization: `Bearer ${refreshed.access_token}` } });
  expect(after.status).toBe(401);
});
