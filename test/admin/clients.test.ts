import { describe, expect, it } from 'vitest';
import { createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { callWith } from '../support/admin-helpers.ts';

interface ClientView {
  clientId: string;
  name?: string;
  active: boolean;
  activeTokens: number;
  scenario?: string;
}

async function clients(t: TestApp): Promise<ClientView[]> {
  return (await t.http.get('/__admin/clients').expect(200)).body.data as ClientView[];
}

async function tokens(t: TestApp, clientId = 'mock-client') {
  return (await t.http.get(`/__admin/clients/${clientId}/tokens`).expect(200)).body.data as Array<{ id: string; tokenHint: string }>;
}

const SHOP_2 = { client_id: 'shop-2', client_secret: 'segredo-2' };

describe('admin clients', () => {
  it('GET /clients lists the configured clients with their active token count', async () => {
    const t = await createTestApp();
    expect(await clients(t)).toEqual([
      { clientId: 'mock-client', name: 'Default merchant', active: true, activeTokens: 0 },
      { clientId: 'inactive-client', name: 'Deactivated merchant', active: false, activeTokens: 0 },
    ]);
    await tokenFor(t);
    await tokenFor(t);
    expect((await clients(t))[0]?.activeTokens).toBe(2);
  });

  it('POST /clients → 201 with the new client, which can get a token and call the API at once', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/__admin/clients').send({ clientId: 'shop-2', clientSecret: 'segredo-2', name: 'Loja 2' }).expect(201);
    expect(response.body).toEqual({ data: { clientId: 'shop-2', name: 'Loja 2', active: true, activeTokens: 0 } });
    const token = await tokenFor(t, SHOP_2);
    expect(await callWith(t, token)).toEqual({ status: 200 });
    expect((await clients(t)).map((client) => client.clientId)).toEqual(['mock-client', 'inactive-client', 'shop-2']);
  });

  it('a client created inactive is refused a token with 403 CLIENT_INATIVO', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clients').send({ clientId: 'shop-2', clientSecret: 'segredo-2', active: false }).expect(201);
    const refused = await t.http.post('/v1/auth/token').send(SHOP_2).expect(403);
    expect(refused.body.error).toBe('CLIENT_INATIVO');
  });

  it('a duplicate clientId → 409 conflito, and the existing client is unchanged', async () => {
    const t = await createTestApp();
    const before = await clients(t);
    const response = await t.http.post('/__admin/clients').send({ clientId: 'mock-client', clientSecret: 'another-secret', active: false }).expect(409);
    expect(response.body).toMatchObject({ error: 'conflito', message: 'Já existe um cliente com clientId mock-client' });
    expect(await clients(t)).toEqual(before);
    // Its secret is still the old one.
    await tokenFor(t);
    await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'another-secret' }).expect(401);
  });

  it.each([
    [{ clientSecret: 's' }, 'clientId', 'campo obrigatório'],
    [{ clientId: 'shop-2' }, 'clientSecret', 'campo obrigatório'],
    [{ clientId: '', clientSecret: 's' }, 'clientId', 'deve ter pelo menos 1 caracteres'],
    [{ clientId: 'loja dois', clientSecret: 's' }, 'clientId', 'formato inválido'],
    [{ clientId: 'x'.repeat(201), clientSecret: 's' }, 'clientId', 'deve ter no máximo 200 caracteres'],
    [{ clientId: 'shop-2', clientSecret: '' }, 'clientSecret', 'deve ter pelo menos 1 caracteres'],
    [{ clientId: 'shop-2', clientSecret: 's', active: 'yes' }, 'active', 'deve ser do tipo boolean'],
    [{ clientId: 'shop-2', clientSecret: 's', webhook: 'http://x' }, 'webhook', 'campo não permitido'],
  ])('POST /clients %j → 400 naming %s, no client added', async (body, field, message) => {
    const t = await createTestApp();
    const before = await clients(t);
    const response = await t.http.post('/__admin/clients').send(body).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: expect.arrayContaining([{ path: field, message }]) });
    expect(await clients(t)).toEqual(before);
  });

  it('deactivate: its bearer calls answer 403 CLIENT_INATIVO, and so does a token request; reactivate: both work again', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const deactivated = await t.http.post('/__admin/clients/mock-client/deactivate').expect(200);
    expect(deactivated.body.data).toMatchObject({ clientId: 'mock-client', active: false });
    expect(await callWith(t, token)).toEqual({ status: 403, error: 'CLIENT_INATIVO' });
    expect((await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(403)).body.error).toBe(
      'CLIENT_INATIVO',
    );
    // Deactivating twice changes nothing more.
    await t.http.post('/__admin/clients/mock-client/deactivate').expect(200);

    const reactivated = await t.http.post('/__admin/clients/mock-client/reactivate').expect(200);
    expect(reactivated.body.data).toMatchObject({ clientId: 'mock-client', active: true, activeTokens: 1 });
    expect(await callWith(t, token)).toEqual({ status: 200 });
    await tokenFor(t);
  });

  it('deactivating one client leaves the others working', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clients').send({ clientId: 'shop-2', clientSecret: 'segredo-2' }).expect(201);
    const other = await tokenFor(t, SHOP_2);
    await t.http.post('/__admin/clients/mock-client/deactivate').expect(200);
    expect(await callWith(t, other)).toEqual({ status: 200 });
  });

  it('GET /clients/{id}/tokens lists the active access tokens, newest first, without their secrets', async () => {
    const t = await createTestApp();
    expect(await tokens(t)).toEqual([]);
    const first = await tokenFor(t);
    await t.http.post('/__admin/clock/advance').send({ seconds: 60 }).expect(200);
    const second = await tokenFor(t);
    const listed = await tokens(t);
    expect(listed).toEqual([
      { id: expect.any(String), tokenHint: second.slice(-6), issuedAt: '2026-03-02T10:01:00.000Z', expiresAt: '2026-03-02T11:01:00.000Z', lastUsedAt: null },
      { id: expect.any(String), tokenHint: first.slice(-6), issuedAt: '2026-03-02T10:00:00.000Z', expiresAt: '2026-03-02T11:00:00.000Z', lastUsedAt: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(first);
  });

  it('POST /clients/{id}/tokens/revoke revokes every token (refresh ones too): TOKEN_REVOGADO', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const issued = await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(200);
    const response = await t.http.post('/__admin/clients/mock-client/tokens/revoke').expect(200);
    // Two grants: two access and two refresh tokens.
    expect(response.body).toEqual({ data: { clientId: 'mock-client', count: 4 } });
    expect(await callWith(t, token)).toEqual({ status: 401, error: 'TOKEN_REVOGADO' });
    const refresh = await t.http.post('/v1/auth/token/refresh').send({ refresh_token: issued.body.data.refresh_token });
    expect(refresh.body.error).toBe('TOKEN_REVOGADO');
    expect(await tokens(t)).toEqual([]);
    expect(t.events.filter((event) => event.type === 'token.revoked')).toHaveLength(4);
    // Nothing left to revoke.
    expect((await t.http.post('/__admin/clients/mock-client/tokens/revoke').expect(200)).body.data.count).toBe(0);
    // The client itself can get a new token.
    expect(await callWith(t, await tokenFor(t))).toEqual({ status: 200 });
  });

  it('POST /clients/{id}/tokens/expire expires the active access tokens now: TOKEN_EXPIRADO without moving the clock', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const response = await t.http.post('/__admin/clients/mock-client/tokens/expire').expect(200);
    expect(response.body).toEqual({ data: { clientId: 'mock-client', count: 1 } });
    expect(await callWith(t, token)).toEqual({ status: 401, error: 'TOKEN_EXPIRADO' });
    expect((await t.http.get('/__admin/clock').expect(200)).body.data.now).toBe('2026-03-02T10:00:00.000Z');
    expect(await tokens(t)).toEqual([]);
    expect((await clients(t))[0]?.activeTokens).toBe(0);
  });

  it('revoking or expiring one client’s tokens leaves another’s working', async () => {
    const t = await createTestApp();
    const mine = await tokenFor(t);
    await t.http.post('/__admin/clients').send({ clientId: 'shop-2', clientSecret: 'segredo-2' }).expect(201);
    const theirs = await tokenFor(t, SHOP_2);
    await t.http.post('/__admin/clients/shop-2/tokens/revoke').expect(200);
    await t.http.post('/__admin/clients/shop-2/tokens/expire').expect(200);
    expect(await callWith(t, mine)).toEqual({ status: 200 });
    expect(await callWith(t, theirs)).toEqual({ status: 401, error: 'TOKEN_REVOGADO' });
  });

  describe('an unknown client → 404 not_found, nothing changed', () => {
    it.each([
      ['POST', 'deactivate'],
      ['POST', 'reactivate'],
      ['GET', 'tokens'],
      ['POST', 'tokens/revoke'],
      ['POST', 'tokens/expire'],
    ])('%s /clients/nobody/%s', async (method, action) => {
      const t = await createTestApp();
      const token = await tokenFor(t);
      const before = await clients(t);
      const path = `/__admin/clients/nobody/${action}`;
      const response = method === 'GET' ? await t.http.get(path).expect(404) : await t.http.post(path).expect(404);
      expect(response.body).toMatchObject({ error: 'not_found', message: 'Cliente desconhecido: nobody' });
      expect(await clients(t)).toEqual(before);
      expect(await callWith(t, token)).toEqual({ status: 200 });
    });
  });

  it('a client id longer than 200 characters in the path → 400, nothing changed', async () => {
    const t = await createTestApp();
    const before = await clients(t);
    const response = await t.http.post(`/__admin/clients/${'x'.repeat(201)}/deactivate`).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: [{ path: 'client_id', message: 'deve ter no máximo 200 caracteres' }] });
    expect(await clients(t)).toEqual(before);
  });

  it('a client id with reserved characters is reached through its percent-encoded path', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clients').send({ clientId: 'loja/2?x', clientSecret: 's' }).expect(201);
    const response = await t.http.post(`/__admin/clients/${encodeURIComponent('loja/2?x')}/deactivate`).expect(200);
    expect(response.body.data).toMatchObject({ clientId: 'loja/2?x', active: false });
  });
});
