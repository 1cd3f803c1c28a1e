/**
 * A scenario's `respond`: a catalogue error (by reason or code), restated by its script (status, message), or a
 * free failure (`erro_simulado` unless the script names a code), or a free body. Each is the catalogue's answer
 * where the script is silent, and carries the request's id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, withScenario, type TestApp } from '../support/test-app.ts';

const FREE_BODY = { error: 'corpo_livre', message: 'Escrito pelo guião', requestId: 'req-scripted' };

const scenarios = withScenario({
  name: 'scripted',
  rules: [
    { match: { operation: 'listProducts' }, then: { respond: { error: 'token_expired' } } },
    { match: { operation: 'listCustomers' }, then: { respond: { error: 'TOKEN_EXPIRADO', status: 400, message: 'Expirou no guião' } } },
    { match: { operation: 'listPlans' }, then: { respond: { status: 503, headers: { 'Retry-After': '5' } } } },
    { match: { operation: 'listOrders' }, then: { respond: { error: 'order_amount_cap' } } },
    { match: { operation: 'listPayments' }, then: { respond: { status: 500, body: FREE_BODY } } },
  ],
});

describe('scripted answers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ scenario: 'scripted' }, { scenarios });
    token = await tokenFor(t);
  });
  const get = (path: string) => t.http.get(path).set(bearer(token)).set('X-Request-Id', 'req-scripted');

  it('a catalogue reason answers its status, code and message, and a 401 its WWW-Authenticate', async () => {
    const response = await get('/v1/products').expect(401);
    expect(response.body).toEqual({ error: 'TOKEN_EXPIRADO', message: 'Token expirado', requestId: 'req-scripted' });
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token", error_description="TOKEN_EXPIRADO"');
  });

  it('a code restated with another status and message answers those, without WWW-Authenticate', async () => {
    const response = await get('/v1/customers').expect(400);
    expect(response.body).toEqual({ error: 'TOKEN_EXPIRADO', message: 'Expirou no guião', requestId: 'req-scripted' });
    expect(response.headers['www-authenticate']).toBeUndefined();
  });

  it('a status alone is the catalogue’s erro_simulado with that status', async () => {
    const response = await get('/v1/plans').expect(503);
    expect(response.body).toEqual({ error: 'erro_simulado', message: 'Falha simulada pelo cenário', requestId: 'req-scripted' });
    expect(response.headers['retry-after']).toBe('5');
  });

  it('a reason with details of its own answers them', async () => {
    const response = await get('/v1/orders').expect(400);
    expect(response.body).toEqual({
      error: 'invalid_request',
      message: 'Parâmetros inválidos',
      requestId: 'req-scripted',
      details: [{ path: 'items', message: 'o total do pedido excede o máximo suportado (1 000 000 000 MZN)' }],
    });
  });

  it('a free body is sent as written', async () => {
    expect((await get('/v1/payments').expect(500)).body).toEqual(FREE_BODY);
  });
});
