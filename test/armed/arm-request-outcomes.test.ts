/**
 * Armed request outcomes: the client's next request (of the arm's operation, when it names one) meets the outcome,
 * nothing else is written, and the request after it is served as before. And every refusal of the arm route.
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { ORDER_BODY } from '../support/admin-helpers.ts';

const ARMED = '/__admin/clients/mock-client/armed';

const CASES: Array<[outcome: string, status: number, code: string, retryAfter?: string]> = [
  ['auth.token.expired', 401, 'TOKEN_EXPIRADO'],
  ['auth.token.revoked', 401, 'TOKEN_REVOGADO'],
  ['auth.token.invalid', 401, 'invalid_token'],
  ['auth.client.invalid', 401, 'CLIENT_INVALIDO'],
  ['auth.client.inactive', 403, 'CLIENT_INATIVO'],
  ['rate-limit.429', 429, 'muitas_requisicoes', '60'],
  ['server.500', 500, 'erro_simulado'],
  ['server.503', 503, 'servico_indisponivel', '30'],
];

async function armedApp(outcome: string, extra: Record<string, unknown> = {}): Promise<{ t: TestApp; token: string; armId: string }> {
  const t = await createTestApp();
  const token = await tokenFor(t);
  const armId = (await t.http.post(ARMED).send({ outcome, ...extra }).expect(201)).body.data.id as string;
  return { t, token, armId };
}

describe.each(CASES)('%s armed', (outcome, status, code, retryAfter) => {
  it(`the next request answers ${status} ${code}, writes nothing, and the world is as before`, async () => {
    const { t, token, armId } = await armedApp(outcome);
    const orders = t.store.count('orders');
    const met = await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY);
    expect([met.status, met.body.error]).toEqual([status, code]);
    expect(met.headers['retry-after']).toBe(retryAfter);
    expect(t.store.count('orders')).toBe(orders);

    const after = await tokenFor(t);
    await t.http.post('/v1/orders').set(bearer(after)).send(ORDER_BODY).expect(201);
    const [arm] = (await t.http.get(ARMED).expect(200)).body.data;
    expect(arm).toMatchObject({ id: armId, remaining: 0, fired: 1, firings: [{ requestId: met.headers['x-request-id'] }] });
    const entry = (await t.http.get(`/__admin/requests/${met.headers['x-request-id']}`).expect(200)).body.data;
    expect(entry.armed).toEqual([outcome]);
    const coverage = (await t.http.get('/__admin/coverage').query({ clientId: 'mock-client' }).expect(200)).body.data;
    expect(coverage.outcomes.find((one: { id: string }) => one.id === outcome).status).not.toBe('not-met');
  });
});

describe('an arm limited to an operation', () => {
  it('by operationId: other operations are served, the named one meets it', async () => {
    const { t, token } = await armedApp('server.503', { operation: 'createOrder' });
    await t.http.get('/v1/orders').set(bearer(token)).expect(200);
    expect((await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY)).status).toBe(503);
  });

  it('by path pattern', async () => {
    const { t, token } = await armedApp('server.500', { operation: '/v1/payments' });
    await t.http.get('/v1/orders').set(bearer(token)).expect(200);
    expect((await t.http.get('/v1/payments').set(bearer(token))).status).toBe(500);
  });

  it('a token end waits for a request that presents a token (a token request does not)', async () => {
    const { t } = await armedApp('auth.token.expired');
    const token = await tokenFor(t);
    expect((await t.http.get('/v1/orders').set(bearer(token))).body.error).toBe('TOKEN_EXPIRADO');
  });
});

describe('the arm route refuses, and writes nothing', () => {
  const refusals: Array<[name: string, body: Record<string, unknown>, status: number, code: string]> = [
    ['an outcome only the integration causes', { outcome: 'orders.create.400.invalid_request' }, 422, 'resultado_nao_armavel'],
    ['a normal answer', { outcome: 'orders.get.200' }, 422, 'resultado_nao_armavel'],
    ['an unknown outcome', { outcome: 'payer.NOT_A_REASON' }, 400, 'invalid_request'],
    ['a malformed outcome', { outcome: 'payer WRONG PIN' }, 400, 'invalid_request'],
    ['no outcome', { times: 1 }, 400, 'invalid_request'],
    ['times 0', { outcome: 'server.500', times: 0 }, 400, 'invalid_request'],
    ['times 101', { outcome: 'server.500', times: 101 }, 400, 'invalid_request'],
    ['times as text', { outcome: 'server.500', times: '2' }, 400, 'invalid_request'],
    ['an operation on an order outcome', { outcome: 'payer.WRONG_PIN', operation: 'createOrder' }, 400, 'invalid_request'],
    ['an unknown operation', { outcome: 'server.500', operation: 'createInvoice' }, 400, 'invalid_request'],
    ['a field it does not take', { outcome: 'server.500', client: 'other' }, 400, 'invalid_request'],
    ['another spelling of an outcome', { outcome: 'PAYER.WRONG_PIN' }, 400, 'invalid_request'],
    ['an outcome with a trailing space', { outcome: 'payer.WRONG_PIN ' }, 400, 'invalid_request'],
    ['an outcome of 101 characters', { outcome: `server.${'5'.repeat(94)}` }, 400, 'invalid_request'],
    ['a prototype name', { outcome: '__proto__' }, 400, 'invalid_request'],
    ['an operation of 201 characters', { outcome: 'server.500', operation: `/v1/${'a'.repeat(197)}` }, 400, 'invalid_request'],
    ['a path pattern of 21 segments', { outcome: 'server.500', operation: '/a'.repeat(21) }, 400, 'invalid_request'],
    ['an array body', [{ outcome: 'server.500' }] as unknown as Record<string, unknown>, 400, 'invalid_request'],
  ];
  it.each(refusals)('%s', async (_name, body, status, code) => {
    const t = await createTestApp();
    const refused = await t.http.post(ARMED).send(body);
    expect([refused.status, refused.body.error]).toEqual([status, code]);
    expect((await t.http.get(ARMED).expect(200)).body.data).toEqual([]);
    expect(t.store.count('armedOutcomes')).toBe(0);
  });

  it('names what the integration must do', async () => {
    const t = await createTestApp();
    const refused = await t.http.post(ARMED).send({ outcome: 'orders.get.404.not_found' }).expect(422);
    expect(refused.body.message).toContain('orders.get.404.not_found');
    expect(refused.body.message).toMatch(/id/);
  });

  it('an unknown client: 404', async () => {
    const t = await createTestApp();
    const refused = await t.http.post('/__admin/clients/nobody/armed').send({ outcome: 'server.500' }).expect(404);
    expect(refused.body.error).toBe('not_found');
    expect(t.store.count('armedOutcomes')).toBe(0);
  });

  it('the 21st live arm: 409; a spent one does not count', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    for (let i = 0; i < 20; i += 1) await t.http.post(ARMED).send({ outcome: 'server.500', operation: 'listPlans' }).expect(201);
    expect((await t.http.post(ARMED).send({ outcome: 'server.500' }).expect(409)).body.error).toBe('conflito');
    expect((await t.http.get('/v1/plans').set(bearer(token))).status).toBe(500);
    await t.http.post(ARMED).send({ outcome: 'server.500' }).expect(201);
  });
});

describe('disarming', () => {
  it('one by id: the request is served; an unknown id or another client’s is 404', async () => {
    const { t, token, armId } = await armedApp('server.500');
    await t.http.post('/__admin/tenants').send({ clientId: 'other-job' }).expect(201);
    expect((await t.http.delete(`/__admin/clients/other-job/armed/${armId}`).expect(404)).body.error).toBe('not_found');
    await t.http.delete(`${ARMED}/arm_nothing`).expect(404);
    expect((await t.http.delete(`${ARMED}/${armId}`).expect(200)).body.data.id).toBe(armId);
    await t.http.get('/v1/orders').set(bearer(token)).expect(200);
    expect((await t.http.get(ARMED).expect(200)).body.data).toEqual([]);
  });

  it('all', async () => {
    const { t, token } = await armedApp('server.500');
    await t.http.post(ARMED).send({ outcome: 'payer.WRONG_PIN' }).expect(201);
    expect((await t.http.delete(ARMED).expect(200)).body.data).toEqual({ disarmed: 2 });
    await t.http.get('/v1/orders').set(bearer(token)).expect(200);
  });
});

describe('per client', () => {
  it('an arm of one tenant never reaches another; its time is the tenant’s clock', async () => {
    const t = await createTestApp();
    const tenant = (await t.http.post('/__admin/tenants').send({ clientId: 'job-a', clock: { frozenAt: '2031-01-01T00:00:00Z' } }).expect(201)).body.data;
    const tenantToken = await tokenFor(t, { client_id: tenant.clientId, client_secret: tenant.clientSecret });
    const arm = (await t.http.post('/__admin/clients/job-a/armed').send({ outcome: 'server.503' }).expect(201)).body.data;
    expect(arm.armedAt).toBe('2031-01-01T00:00:00.000Z');
    const token = await tokenFor(t);
    await t.http.get('/v1/orders').set(bearer(token)).expect(200);
    expect((await t.http.get('/v1/orders').set(bearer(tenantToken))).status).toBe(503);
  });

  it('is durable: the state export holds it', async () => {
    const { t, armId } = await armedApp('payer.WRONG_PIN', { times: 3 });
    const state = (await t.http.get('/__admin/state').expect(200)).body;
    expect(state.store.collections.armedOutcomes[armId]).toMatchObject({ outcome: 'payer.WRONG_PIN', remaining: 3, clientId: 'mock-client' });
  });
});

describe('what forgets an armed outcome', () => {
  it('a whole reset, a client’s reset, a tenant’s deletion', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/tenants').send({ clientId: 'job-b' }).expect(201);
    await t.http.post('/__admin/clients/job-b/armed').send({ outcome: 'server.500' }).expect(201);
    await t.http.post(ARMED).send({ outcome: 'server.500' }).expect(201);
    await t.http.post('/__admin/reset').send({ clientId: 'mock-client' }).expect(200);
    expect((await t.http.get(ARMED).expect(200)).body.data).toEqual([]);
    expect((await t.http.get('/__admin/clients/job-b/armed').expect(200)).body.data).toHaveLength(1);
    await t.http.delete('/__admin/tenants/job-b').expect(200);
    expect(t.store.count('armedOutcomes')).toBe(0);
    await t.http.post(ARMED).send({ outcome: 'server.500' }).expect(201);
    await t.http.post('/__admin/reset').send({}).expect(200);
    expect(t.store.count('armedOutcomes')).toBe(0);
  });
});
