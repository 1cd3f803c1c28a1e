/**
 * The admin document says what the admin server does (each case found by a schema fuzzer): each refusal
 * below is sent, answered 400 (or 200 for the idempotent delete) as the document says, and the answer validates
 * against it (the test setup checks every answer). Where a schema can say it, the document's own schema refuses
 * the input too, so a generator of valid requests from the document no longer produces it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bearer, createTestApp, FROZEN_AT, tokenFor, type TestApp } from '../support/test-app.ts';
import { STORED_DELIVERY } from '../support/admin-helpers.ts';

type Json = Record<string, any>;
const ADMIN = parse(readFileSync('spec/admin.yaml', 'utf8')) as Json;
const operation = (path: string, method: string) => ADMIN.paths[path][method] as Json;
const START = FROZEN_AT.toISOString();

const DELIVERY = STORED_DELIVERY;

async function exported(t: TestApp): Promise<Json> {
  return (await t.http.get('/__admin/state').expect(200)).body as Json;
}

describe('GET /__admin/requests?path=', () => {
  const schema = ADMIN.components.parameters.JournalPath.schema as { pattern: string; maxLength: number };
  const documented = (pattern: string) => new RegExp(schema.pattern).test(pattern) && pattern.length <= schema.maxLength;

  it.each([
    ['v1/orders', 'must start with /'],
    [`/${Array.from({ length: 21 }, () => 'a').join('/')}`, '21 segments'],
  ])('%s (%s) → 400 invalid_request naming path, as the document’s pattern refuses it', async (pattern) => {
    const t = await createTestApp();
    expect(documented(pattern)).toBe(false);
    const refused = await t.http.get('/__admin/requests').query({ path: pattern }).expect(400);
    expect(refused.body).toMatchObject({ error: 'invalid_request', details: [expect.objectContaining({ path: 'path' })] });
  });

  it('a pattern of 20 segments starting with / is accepted by both', async () => {
    const t = await createTestApp();
    const pattern = `/${Array.from({ length: 20 }, () => '*').join('/')}`;
    expect(documented(pattern)).toBe(true);
    expect((await t.http.get('/__admin/requests').query({ path: pattern }).expect(200)).body.total).toBe(0);
  });
});

describe('PUT /__admin/state: ids and types', () => {
  const token = {
    id: 'tok_1',
    clientId: 'mock-client',
    kind: 'access',
    tokenHash: 'a'.repeat(64),
    tokenHint: 'aaaaaa',
    issuedAt: START,
    sequence: 1,
    expiresAt: START,
    revokedAt: null,
    lastUsedAt: null,
    refreshTokenId: null,
  };
  const withToken = (state: Json, key: string, record: Json) => ({
    ...state,
    store: { ...state.store, collections: { ...state.store.collections, tokens: { [key]: record } } },
  });

  it.each([
    ['an empty record id', '', { ...token, id: '' }, 'store.collections.tokens..id', 'deve ter pelo menos 1 caracteres'],
    ['an empty clientId', 'tok_1', { ...token, clientId: '' }, 'store.collections.tokens.tok_1.clientId', 'deve ter pelo menos 1 caracteres'],
    ['a token kind outside the enum', 'tok_1', { ...token, kind: 'bearer' }, 'store.collections.tokens.tok_1.kind', 'deve ser um de: access, refresh'],
    ['a sequence that is not an integer', 'tok_1', { ...token, sequence: 1.5 }, 'store.collections.tokens.tok_1.sequence', 'deve ser do tipo integer'],
  ])('%s → 400 naming the field, nothing applied', async (_name, key, record, path, message) => {
    const t = await createTestApp();
    const before = await exported(t);
    const refused = await t.http.put('/__admin/state').send(withToken(before, key, record)).expect(400);
    expect(refused.body.error).toBe('invalid_request');
    expect(refused.body.details).toContainEqual({ path, message });
    // The clock's offset from real time moves by itself; the records and clients must not.
    const after = await exported(t);
    expect({ store: after.store, clients: after.clients }).toEqual({ store: before.store, clients: before.clients });
  });

  it('webhook deliveries are named by their index: webhooks.deliveries[1].id, never webhooks.deliveries..id', async () => {
    const t = await createTestApp();
    const state = { ...(await exported(t)), webhooks: { endpoints: {}, deliveries: [DELIVERY, { ...DELIVERY, id: '' }] } };
    const refused = await t.http.put('/__admin/state').send(state).expect(400);
    expect(refused.body.details).toEqual([{ path: 'webhooks.deliveries[1].id', message: 'deve ter pelo menos 1 caracteres' }]);
  });

  it('a check beyond the document (an instant past the record time range) is named by index as well', async () => {
    const t = await createTestApp();
    const delivery = { ...DELIVERY, attempts: [{ at: '9500-01-01T00:00:00.000Z', durationMs: 0 }] };
    const state = { ...(await exported(t)), webhooks: { endpoints: {}, deliveries: [delivery] } };
    const refused = await t.http.put('/__admin/state').send(state).expect(400);
    expect(refused.body.details).toEqual([{ path: 'webhooks.deliveries[0].attempts[0].at', message: expect.stringContaining('data-hora ISO 8601 inválida') }]);
  });
});

describe('maxCatchUpPeriods: the documented refusal', () => {
  async function weeklySubscriber(): Promise<TestApp> {
    const t = await createTestApp({ maxCatchUpPeriods: 2, tokens: { ttlSeconds: 31_536_000 } });
    const body = { plan: { originPlanId: 'PLAN-W', name: 'Semanal', price: 100, interval: 'weekly' }, customer: { merchantCustomerId: 'C-1', name: 'Ana' } };
    await t.http.post('/v1/subscriptions').set(bearer(await tokenFor(t))).send(body).expect(201);
    await t.core.tick();
    return t;
  }

  it.each([
    ['/clock/advance', { seconds: 30 * 86_400 }, 'seconds'],
    ['/clock/set', { at: '2026-05-02T10:00:00.000Z' }, 'at'],
  ])('POST %s past the bound → 400 with the field and message the document describes; the clock stays', async (path, body, field) => {
    const t = await weeklySubscriber();
    const description = operation(path, 'post').description as string;
    expect(description).toContain('maxCatchUpPeriods');
    expect(description).toContain(`path: "${field}"`);
    const refused = await t.http.post(`/__admin${path}`).send(body).expect(400);
    expect(refused.body).toMatchObject({ error: 'invalid_request', message: 'Parâmetros inválidos' });
    expect(refused.body.details).toEqual([{ path: field, message: expect.stringMatching(/^o salto faria a assinatura sub_\w+ cobrar mais de 2 períodos de uma vez \(limite maxCatchUpPeriods/) }]);
    expect(t.clock.now()).toEqual(FROZEN_AT);
  });

  it('PUT /state and snapshot restore: a state lagging its clock past the bound → 400 on clock.now, as documented', async () => {
    const t = await weeklySubscriber();
    for (const [path, method] of [['/state', 'put'], ['/snapshots/{name}/restore', 'post']] as const) {
      expect(operation(path, method).description).toContain('maxCatchUpPeriods');
    }
    const state = await exported(t);
    const refused = await t.http.put('/__admin/state').send({ ...state, clock: { ...state.clock, now: '2026-05-02T10:00:00.000Z' } }).expect(400);
    expect(refused.body.message).toMatch(/^Estado recusado: clock\.now: o salto faria a assinatura/);
    expect(refused.body.details).toEqual([{ path: 'clock.now', message: expect.stringContaining('maxCatchUpPeriods') }]);
  });
});

describe('DELETE /__admin/clients/{id}/webhook', () => {
  it('is idempotent, as documented: a second delete answers 200 {"webhook": null}; an unknown client 404', async () => {
    const t = await createTestApp();
    expect(operation('/clients/{client_id}/webhook', 'delete').description).toMatch(/^Idempotent/);
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: 'http://127.0.0.1:9/hook', secret: 'whsec-12345678' }).expect(200);
    for (let time = 0; time < 2; time += 1) {
      expect((await t.http.delete('/__admin/clients/mock-client/webhook').expect(200)).body.data).toEqual({ clientId: 'mock-client', webhook: null });
    }
    expect((await t.http.delete('/__admin/clients/nobody/webhook').expect(404)).body.error).toBe('not_found');
  });
});

describe('GET /__admin/state?pinHashes=', () => {
  it.each(['null', 'yes', '2'])('pinHashes=%s: 400 invalid_request naming pinHashes, an answer the document declares', async (value) => {
    const t = await createTestApp();
    const refused = await t.http.get(`/__admin/state?pinHashes=${value}`).expect(400);
    expect(refused.body).toMatchObject({ error: 'invalid_request' });
    expect(JSON.stringify(refused.body.details)).toContain('pinHashes');
    expect(Object.keys(operation('/state', 'get').responses)).toContain('400');
  });
});

describe('every admin operation that takes an input', () => {
  const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
  const withInputs = Object.entries(ADMIN.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).flatMap((method) => {
      const parameters = [...(item.parameters ?? []), ...(item[method].parameters ?? [])];
      return parameters.length > 0 || item[method].requestBody ? [[`${method.toUpperCase()} ${path}`, item[method] as Json] as const] : [];
    }),
  );

  it.each(withInputs)('%s declares the 400 a refused input gets', (_where, declared) => {
    expect(declared.responses['400']).toBeDefined();
  });
});
