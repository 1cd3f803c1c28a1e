/** simple-oauth2 5: client credentials and refresh against commerce-mock. */
import { ClientCredentials } from 'simple-oauth2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock, type Mock } from 'commerce-mock';

let mock: Mock;
beforeAll(async () => void (mock = await startMock()));
afterAll(() => mock.stop());

function oauthClient(): ClientCredentials {
  return new ClientCredentials({
    client: { id: mock.credentials.clientId, secret: mock.credentials.clientSecret },
    auth: { tokenHost: mock.url, tokenPath: '/v1/auth/token', refreshPath: '/v1/auth/token/refresh' },
    options: { authorizationMethod: 'body' }, // or 'header' (HTTP Basic): the mock takes both
  });
}

it('without the glue, stores the envelope as the token: no access_token, no expiry', async () => {
  const stored = await oauthClient().getToken({});
  expect(stored.token.access_token).toBeUndefined();
  expect(stored.token).toHaveProperty('data.access_token');
});

it('gets a token, unwrapped with createToken, that knows its expiry, and refreshes it', async () => {
  const oauth = oauthClient();
  // The token is inside `data`: build the AccessToken from it (it then computes expires_at from expires_in).
  const token = oauth.createToken((await oauth.getToken({})).token.data as Record<string, unknown>);
  expect(typeof token.token.access_token).toBe('string');
  expect(token.token.expires_at).toBeInstanceOf(Date);
  expect(token.expired()).toBe(false);
  const products = await fetch(`${mock.url}/v1/products`, { headers: { authorization: `Bearer ${token.token.access_token}` } });
  expect(products.status).toBe(200);

  // refresh() keeps the envelope too: unwrap its answer the same way.
  const refreshed = oauth.createToken((await token.refresh()).token.data as Record<string, unknown>);
  expect(refreshed.token.access_token).not.toBe(token.token.access_token);
  expect(refreshed.token.refresh_token).toBe(token.token.refresh_token);
});
