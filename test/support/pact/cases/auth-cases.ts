/** Tokens: issue, refresh, revoke, list, and each authentication error the merchant app handles. */
import { expect } from 'vitest';
import { ACTIVE_CLIENT, MOCK_CLIENT, signedIn, type ContractCase } from '../contract-case.ts';
import { bearerOfState, eachLike, errorBody, EXAMPLE, instant, integer, invalidRequestBody, like, regex, stateValue } from '../matchers.ts';
import { ApiError, MerchantApp } from '../merchant-app.ts';

const TOKEN_BODY = {
  data: { access_token: like(EXAMPLE.accessToken), refresh_token: like(EXAMPLE.refreshToken), token_type: 'Bearer', expires_in: integer(3600) },
};

async function expectApiError(call: Promise<unknown>, status: number, code: string): Promise<ApiError> {
  const error = await call.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status, code });
  return error as ApiError;
}

export const authCases: ContractCase[] = [
  {
    description: 'a request for an access token with valid client credentials',
    declare: (pact) =>
      pact
        .addInteraction()
        .given(ACTIVE_CLIENT, MOCK_CLIENT)
        .uponReceiving('a request for an access token with valid client credentials')
        .withRequest('POST', '/v1/auth/token', (request) =>
          request.jsonBody({
            client_id: stateValue('clientId', 'mock-client'),
            client_secret: stateValue('clientSecret', 'mock-secret'),
            grant_type: 'client_credentials',
          }),
        )
        .willRespondWith(200, (response) => response.jsonBody(TOKEN_BODY)),
    async exercise(baseUrl) {
      const token = await new MerchantApp(baseUrl).authenticate('mock-client', 'mock-secret');
      expect(token).toEqual({ accessToken: EXAMPLE.accessToken, expiresIn: 3600 });
    },
  },
  {
    description: 'a request for an access token with a wrong client secret',
    declare: (pact) =>
      pact
        .addInteraction()
        .uponReceiving('a request for an access token with a wrong client secret')
        .withRequest('POST', '/v1/auth/token', (request) =>
          request.jsonBody({ client_id: 'mock-client', client_secret: 'not-the-secret', grant_type: 'client_credentials' }),
        )
        .willRespondWith(401, (response) => response.jsonBody(errorBody('CLIENT_INVALIDO', 'Credenciais do cliente inválidas'))),
    exercise: async (baseUrl) => void (await expectApiError(new MerchantApp(baseUrl).authenticate('mock-client', 'not-the-secret'), 401, 'CLIENT_INVALIDO')),
  },
  {
    description: 'a request for an access token by a deactivated client',
    declare: (pact) =>
      pact
        .addInteraction()
        .given('client {clientId} is inactive', { clientId: 'inactive-client' })
        .uponReceiving('a request for an access token by a deactivated client')
        .withRequest('POST', '/v1/auth/token', (request) =>
          request.jsonBody({ client_id: 'inactive-client', client_secret: 'inactive-secret', grant_type: 'client_credentials' }),
        )
        .willRespondWith(403, (response) => response.jsonBody(errorBody('CLIENT_INATIVO', 'Cliente inativo'))),
    exercise: async (baseUrl) =>
      void (await expectApiError(new MerchantApp(baseUrl).authenticate('inactive-client', 'inactive-secret'), 403, 'CLIENT_INATIVO')),
  },
  {
    description: 'a refresh of the access token',
    declare: (pact) =>
      pact
        .addInteraction()
        .given(ACTIVE_CLIENT, MOCK_CLIENT)
        .uponReceiving('a refresh of the access token')
        .withRequest('POST', '/v1/auth/token/refresh', (request) => request.jsonBody({ refresh_token: stateValue('refreshToken', EXAMPLE.refreshToken) }))
        .willRespondWith(200, (response) => response.jsonBody(TOKEN_BODY)),
    async exercise(baseUrl) {
      expect(await new MerchantApp(baseUrl).refresh(EXAMPLE.refreshToken)).toBe(EXAMPLE.accessToken);
    },
  },
  {
    description: 'a revocation of the access token',
    declare: (pact) =>
      pact
        .addInteraction()
        .given(ACTIVE_CLIENT, MOCK_CLIENT)
        .uponReceiving('a revocation of the access token')
        .withRequest('POST', '/v1/auth/token/revoke', (request) =>
          request.headers(bearerOfState()).jsonBody({ token: stateValue('accessToken', EXAMPLE.accessToken) }),
        )
        .willRespondWith(200, (response) => response.jsonBody({ data: { revoked: true } })),
    async exercise(baseUrl) {
      expect(await signedIn(baseUrl).revoke(EXAMPLE.accessToken)).toBe(true);
    },
  },
  {
    description: 'a list of the active access tokens',
    declare: (pact) =>
      pact
        .addInteraction()
        .given(ACTIVE_CLIENT, MOCK_CLIENT)
        .uponReceiving('a list of the active access tokens')
        .withRequest('GET', '/v1/auth/token/list', (request) => request.headers(bearerOfState()))
        .willRespondWith(200, (response) =>
          response.jsonBody({
            data: eachLike({ id: regex('^tok_[A-Za-z0-9]+$', 'tok_8729a6969737652b'), tokenHint: regex('^.{6}$', 'Js0WaZ'), issuedAt: instant(), expiresAt: instant() }),
          }),
        ),
    async exercise(baseUrl) {
      const tokens = await signedIn(baseUrl).list('/v1/auth/token/list');
      expect(tokens[0]).toMatchObject({ tokenHint: 'Js0WaZ' });
    },
  },
  {
    description: 'a call with an expired access token',
    declare: (pact) =>
      pact
        .addInteraction()
        .given('the access token is expired')
        .uponReceiving('a call with an expired access token')
        .withRequest('GET', '/v1/products', (request) => request.headers(bearerOfState()))
        .willRespondWith(401, (response) =>
          response
            .headers({ 'WWW-Authenticate': regex('^Bearer .*invalid_token.*', 'Bearer error="invalid_token", error_description="TOKEN_EXPIRADO"') })
            .jsonBody(errorBody('TOKEN_EXPIRADO', 'Token expirado')),
        ),
    exercise: async (baseUrl) => void (await expectApiError(signedIn(baseUrl).list('/v1/products'), 401, 'TOKEN_EXPIRADO')),
  },
  {
    description: 'a call with a revoked access token',
    declare: (pact) =>
      pact
        .addInteraction()
        .given('the access token is revoked')
        .uponReceiving('a call with a revoked access token')
        .withRequest('GET', '/v1/products', (request) => request.headers(bearerOfState()))
        .willRespondWith(401, (response) => response.jsonBody(errorBody('TOKEN_REVOGADO', 'Token revogado'))),
    exercise: async (baseUrl) => void (await expectApiError(signedIn(baseUrl).list('/v1/products'), 401, 'TOKEN_REVOGADO')),
  },
  {
    description: 'a call once the rate limit is exhausted',
    declare: (pact) =>
      pact
        .addInteraction()
        .given('the rate limit is exhausted')
        .uponReceiving('a call once the rate limit is exhausted')
        .withRequest('GET', '/v1/auth/token/list', (request) => request.headers(bearerOfState()))
        .willRespondWith(429, (response) =>
          response.headers({ 'Retry-After': regex('^\\d+$', '60') }).jsonBody(errorBody('muitas_requisicoes', 'Muitas requisições')),
        ),
    async exercise(baseUrl) {
      const error = await expectApiError(signedIn(baseUrl).list('/v1/auth/token/list'), 429, 'muitas_requisicoes');
      expect(Number(error.headers.get('retry-after'))).toBeGreaterThan(0);
    },
  },
  {
    description: 'a product without a name',
    declare: (pact) =>
      pact
        .addInteraction()
        .given(ACTIVE_CLIENT, MOCK_CLIENT)
        .uponReceiving('a product without a name')
        .withRequest('POST', '/v1/products/create', (request) => request.headers(bearerOfState()).jsonBody({ price: 1500 }))
        .willRespondWith(400, (response) => response.jsonBody(invalidRequestBody())),
    exercise: async (baseUrl) => void (await expectApiError(signedIn(baseUrl).data('POST', '/v1/products/create', { price: 1500 }), 400, 'invalid_request')),
  },
];
