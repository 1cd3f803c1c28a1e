import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/scenarios/scenario-library.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { secondClient } from '../support/admin-helpers.ts';
import { BUILT_INS } from '../support/built-in-names.ts';


const NOTHING_ACTIVE = { global: null, clients: {}, activations: [] };

async function expiresIn(t: TestApp, credentials = { client_id: 'mock-client', client_secret: 'mock-secret' }): Promise<number> {
  const response = await t.http.post('/v1/auth/token').send(credentials).expect(200);
  return (response.body.data as { expires_in: number }).expires_in;
}

async function active(t: TestApp) {
  return (await t.http.get('/__admin/scenarios/active').expect(200)).body.data as {
    global: string | null;
    clients: Record<string, string>;
    activations: Array<{ scope: string; clientId?: string; scenario: string; rules: Array<{ rule: string; matches: number; fired: number }> }>;
  };
}

describe('admin scenarios', () => {
  it('GET /scenarios lists every built-in with its description, source, rule count and what it sets', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/__admin/scenarios').expect(200);
    const listed = response.body.data as Array<{ name: string; description: string; source: string; rules: number; sets: string[] }>;
    expect(listed.map((scenario) => scenario.name)).toEqual(expect.arrayContaining(BUILT_INS));
    expect(listed.length).toBeGreaterThanOrEqual(13);
    for (const scenario of listed) {
      expect(scenario.description.length, scenario.name).toBeGreaterThan(0);
      expect(scenario.source).toBe('built-in');
    }
    const byName = new Map(listed.map((scenario) => [scenario.name, scenario]));
    expect(byName.get('burst-429')).toMatchObject({ rules: 1, sets: [] });
    expect(byName.get('token-expiry')).toMatchObject({ rules: 0, sets: ['tokens'] });
    expect(byName.get('slow-payment')).toMatchObject({ rules: 0, sets: ['orders'] });
    const files = new Map(loadScenarios().scenarios.map((scenario) => [scenario.name, scenario]));
    for (const scenario of listed) expect(scenario.rules, scenario.name).toBe(files.get(scenario.name)?.rules.length);
  });

  it('nothing is active at start', async () => {
    const t = await createTestApp();
    expect(await active(t)).toEqual(NOTHING_ACTIVE);
  });

  it('PUT /scenarios/active {name} activates globally: a new token lives 30 s under token-expiry', async () => {
    const t = await createTestApp();
    expect(await expiresIn(t)).toBe(3600);
    const response = await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry' }).expect(200);
    expect(response.body.data).toEqual({ global: 'token-expiry', clients: {}, activations: [] });
    expect(await expiresIn(t)).toBe(30);
    // And it means it: 30 s later the token is expired.
    const token = await tokenFor(t);
    await t.http.post('/__admin/clock/advance').send({ seconds: 30 }).expect(200);
    expect((await t.http.get('/v1/products').set(bearer(token)).expect(401)).body.error).toBe('TOKEN_EXPIRADO');
  });

  it('PUT /scenarios/active {name, clientId} applies to that client only', async () => {
    const t = await createTestApp();
    await secondClient(t);
    const response = await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry', clientId: 'mock-client' }).expect(200);
    expect(response.body.data).toEqual({ global: null, clients: { 'mock-client': 'token-expiry' }, activations: [] });
    expect(await expiresIn(t)).toBe(30);
    expect(await expiresIn(t, { client_id: 'shop-2', client_secret: 'shop-2-secret' })).toBe(3600);
    const clients = (await t.http.get('/__admin/clients').expect(200)).body.data as Array<{ clientId: string; scenario?: string }>;
    expect(clients.find((client) => client.clientId === 'mock-client')?.scenario).toBe('token-expiry');
    expect(clients.find((client) => client.clientId === 'shop-2')?.scenario).toBeUndefined();
  });

  it('a client scenario wins over the global one for that client', async () => {
    const t = await createTestApp();
    await secondClient(t);
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry' }).expect(200);
    await t.http.put('/__admin/scenarios/active').send({ name: 'default', clientId: 'shop-2' }).expect(200);
    expect(await expiresIn(t)).toBe(30);
    expect(await expiresIn(t, { client_id: 'shop-2', client_secret: 'shop-2-secret' })).toBe(3600);
  });

  it('activating again replaces what was active in that scope', async () => {
    const t = await createTestApp();
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry' }).expect(200);
    const response = await t.http.put('/__admin/scenarios/active').send({ name: 'burst-429' }).expect(200);
    expect(response.body.data.global).toBe('burst-429');
    expect(await expiresIn(t)).toBe(3600);
  });

  it('an unknown scenario name → 404 not_found, and nothing becomes active', async () => {
    const t = await createTestApp();
    const response = await t.http.put('/__admin/scenarios/active').send({ name: 'no-such-scenario' }).expect(404);
    expect(response.body).toMatchObject({ error: 'not_found', message: 'Cenário desconhecido: no-such-scenario' });
    const perClient = await t.http.put('/__admin/scenarios/active').send({ name: 'no-such-scenario', clientId: 'mock-client' }).expect(404);
    expect(perClient.body.error).toBe('not_found');
    expect(await active(t)).toEqual(NOTHING_ACTIVE);
    expect(await expiresIn(t)).toBe(3600);
  });

  it('an unknown name keeps what was active before', async () => {
    const t = await createTestApp();
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry' }).expect(200);
    await t.http.put('/__admin/scenarios/active').send({ name: 'nope' }).expect(404);
    expect((await active(t)).global).toBe('token-expiry');
  });

  it('an unknown clientId → 404 not_found, and nothing becomes active', async () => {
    const t = await createTestApp();
    const response = await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry', clientId: 'nobody' }).expect(404);
    expect(response.body).toMatchObject({ error: 'not_found', message: 'Cliente desconhecido: nobody' });
    expect(await active(t)).toEqual(NOTHING_ACTIVE);
  });

  it.each([
    [{}, 'name', 'campo obrigatório'],
    [{ name: '' }, 'name', 'deve ter pelo menos 1 caracteres'],
    [{ name: 'x'.repeat(65) }, 'name', 'deve ter no máximo 64 caracteres'],
    [{ name: 42 }, 'name', 'deve ser do tipo string'],
    [{ name: 'token-expiry', clientId: '' }, 'clientId', 'deve ter pelo menos 1 caracteres'],
    [{ name: 'token-expiry', scope: 'global' }, 'scope', 'campo não permitido'],
  ])('PUT /scenarios/active %j → 400 naming %s, nothing active', async (body, field, message) => {
    const t = await createTestApp();
    const response = await t.http.put('/__admin/scenarios/active').send(body).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: [{ path: field, message }] });
    expect(await active(t)).toEqual(NOTHING_ACTIVE);
  });

  it('DELETE /scenarios/active deactivates the global scenario and leaves client ones', async () => {
    const t = await createTestApp();
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry' }).expect(200);
    await t.http.put('/__admin/scenarios/active').send({ name: 'burst-429', clientId: 'mock-client' }).expect(200);
    const response = await t.http.delete('/__admin/scenarios/active').expect(200);
    expect(response.body.data).toEqual({ global: null, clients: { 'mock-client': 'burst-429' }, activations: [] });
  });

  it('DELETE /scenarios/active?clientId= deactivates that client’s scenario only', async () => {
    const t = await createTestApp();
    await t.http.put('/__admin/scenarios/active').send({ name: 'slow-payment' }).expect(200);
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry', clientId: 'mock-client' }).expect(200);
    const response = await t.http.delete('/__admin/scenarios/active').query({ clientId: 'mock-client' }).expect(200);
    expect(response.body.data).toEqual({ global: 'slow-payment', clients: {}, activations: [] });
    expect(await expiresIn(t)).toBe(3600);
  });

  it('DELETE /scenarios/active?clientId= of an unknown client → 404 not_found, nothing deactivated', async () => {
    const t = await createTestApp();
    await t.http.put('/__admin/scenarios/active').send({ name: 'slow-payment' }).expect(200);
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry', clientId: 'mock-client' }).expect(200);
    const response = await t.http.delete('/__admin/scenarios/active').query({ clientId: 'nobody' }).expect(404);
    expect(response.body).toMatchObject({ error: 'not_found', message: 'Cliente desconhecido: nobody' });
    expect(await active(t)).toMatchObject({ global: 'slow-payment', clients: { 'mock-client': 'token-expiry' } });
  });

  it('DELETE /scenarios/active with an empty clientId → 400, nothing deactivated', async () => {
    const t = await createTestApp();
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry' }).expect(200);
    const response = await t.http.delete('/__admin/scenarios/active?clientId=').expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: [{ path: 'clientId' }] });
    expect((await active(t)).global).toBe('token-expiry');
  });

  it('GET /scenarios/active counts each rule: burst-429 fires once in 4 API requests', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.put('/__admin/scenarios/active').send({ name: 'burst-429' }).expect(200);
    const statuses: number[] = [];
    for (let call = 0; call < 4; call += 1) statuses.push((await t.http.get('/v1/products').set(bearer(token))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await active(t)).toEqual({
      global: 'burst-429',
      clients: {},
      activations: [{ scope: 'global', scenario: 'burst-429', rules: [{ rule: 'every-4th-429', matches: 4, fired: 1 }] }],
    });
  });

  it('admin calls do not count as API requests for a scenario’s rules', async () => {
    const t = await createTestApp();
    await t.http.put('/__admin/scenarios/active').send({ name: 'burst-429' }).expect(200);
    for (let call = 0; call < 5; call += 1) await t.http.get('/__admin/clock').expect(200);
    expect((await active(t)).activations).toEqual([]);
  });

  it('counters of a client activation are reported under its client, and start from zero when it is activated again', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.put('/__admin/scenarios/active').send({ name: 'burst-429', clientId: 'mock-client' }).expect(200);
    for (let call = 0; call < 2; call += 1) await t.http.get('/v1/products').set(bearer(token)).expect(200);
    expect((await active(t)).activations).toEqual([
      { scope: 'client', clientId: 'mock-client', scenario: 'burst-429', rules: [{ rule: 'every-4th-429', matches: 2, fired: 0 }] },
    ]);
    await t.http.put('/__admin/scenarios/active').send({ name: 'burst-429', clientId: 'mock-client' }).expect(200);
    expect((await active(t)).activations).toEqual([]);
    // Counting on from 2 would have fired on the 2nd of these; from zero, 3 calls stay under every 4th.
    for (let call = 0; call < 3; call += 1) await t.http.get('/v1/products').set(bearer(token)).expect(200);
    expect((await active(t)).activations[0]?.rules).toEqual([{ rule: 'every-4th-429', matches: 3, fired: 0 }]);
  });
});
