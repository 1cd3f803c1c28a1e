import { describe, expect, it } from 'vitest';
import type { Exchange, RequestContext, WorldFacts } from '../../src/domain/caller.ts';
import { createRequestJournal, DEFAULT_JOURNAL_SIZE, type RequestJournalEntry } from '../../src/state/request-journal.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { placeOrder, secondClient } from '../support/admin-helpers.ts';

type Entry = RequestJournalEntry;

async function journal(t: TestApp, query: Record<string, string | number> = {}): Promise<{ data: Entry[]; total: number }> {
  return (await t.http.get('/__admin/requests').query(query).expect(200)).body as { data: Entry[]; total: number };
}

async function count(t: TestApp, query: Record<string, string | number> = {}): Promise<number> {
  return ((await t.http.get('/__admin/requests/count').query(query).expect(200)).body as { data: { count: number } }).data.count;
}

/** Three minutes of traffic: two clients, an order polled, a failure of each kind. */
async function traffic(t: TestApp) {
  const token = await tokenFor(t); // 10:00 POST /v1/auth/token
  const order = await placeOrder(t, token); // 10:00 POST /v1/orders 201
  await t.http.post('/__admin/clock/advance').send({ seconds: 60 }).expect(200);
  await t.http.get(`/v1/orders/${order.id}/status`).set(bearer(token)).expect(200); // 10:01
  await t.http.get(`/api/v1/orders/${order.id}/status`).set(bearer(token)).expect(200); // 10:01, through an alias
  await t.http.get('/v1/orders/ord_missing').set(bearer(token)).expect(404); // 10:01
  await t.http.post('/__admin/clock/advance').send({ seconds: 60 }).expect(200);
  const other = await secondClient(t); // 10:02 POST /v1/auth/token for shop-2
  await t.http.get('/v1/products').set(bearer(other.token)).expect(200); // 10:02
  await t.http.get('/v1/products').query({ limit: 'many' }).set(bearer(other.token)).expect(400); // 10:02
  return { token, order, other };
}

/** The world of a journaled request's client, as the caller stage resolves it (on the mock's clock). */
const worldFacts = (clientId: string): WorldFacts => ({ clientId, nowMs: () => 0 });

describe('admin request journal', () => {
  it('GET /requests lists the API requests served, newest first, with what each asked and got', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const listed = await t.http.get('/v1/products').query({ limit: 5 }).set(bearer(token)).expect(200);
    const { data, total } = await journal(t);
    expect(total).toBe(2);
    expect(data).toEqual([
      {
        id: listed.headers['x-request-id'],
        receivedAt: '2026-03-02T10:00:00.000Z',
        method: 'GET',
        path: '/v1/products',
        query: 'limit=5',
        operationId: 'listProducts',
        clientId: 'mock-client',
        status: 200,
        durationMs: expect.any(Number),
      },
      expect.objectContaining({ method: 'POST', path: '/v1/auth/token', operationId: 'issueToken', clientId: 'mock-client', status: 200 }),
    ]);
    expect(data[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('an expired token’s call is journaled with its status and error code TOKEN_EXPIRADO', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.post('/__admin/clock/advance').send({ seconds: 3600 }).expect(200);
    const refused = await t.http.get('/v1/products').set(bearer(token)).expect(401);
    const [entry] = (await journal(t)).data;
    expect(entry).toMatchObject({ id: refused.headers['x-request-id'], status: 401, error: 'TOKEN_EXPIRADO', clientId: 'mock-client', operationId: 'listProducts' });
  });

  it('names the scenario a request ran under', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry' }).expect(200);
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    await t.http.get('/v1/products').set(bearer(token)).set('X-Mock-Scenario', 'default').expect(200);
    const [header, global] = (await journal(t)).data;
    expect(header?.scenario).toBe('request:default');
    expect(global?.scenario).toBe('global:token-expiry');
  });

  it('journals requests outside the document too (404 without an operation)', async () => {
    const t = await createTestApp();
    await t.http.get('/v1/no-such-thing').expect(404);
    const [entry] = (await journal(t)).data;
    expect(entry).toMatchObject({ method: 'GET', path: '/v1/no-such-thing', status: 404, error: 'not_found' });
    expect(entry?.operationId).toBeUndefined();
  });

  it('does not journal admin calls', async () => {
    const t = await createTestApp();
    await t.http.get('/__admin/clock').expect(200);
    await t.http.post('/__admin/clock/advance').send({ seconds: 1 }).expect(200);
    await t.http.put('/__admin/scenarios/active').send({ name: 'nope' }).expect(404);
    expect(await journal(t)).toEqual({ data: [], total: 0 });
    expect(await count(t)).toBe(0);
  });

  describe('filters (list and count alike)', () => {
    it.each([
      ['clientId', { clientId: 'shop-2' }, ['/v1/products', '/v1/products', '/v1/auth/token']],
      ['operationId', { operationId: 'getOrderStatus' }, ['/api/v1/orders/*/status', '/v1/orders/*/status']],
      ['method', { method: 'POST' }, ['/v1/auth/token', '/v1/orders', '/v1/auth/token']],
      ['path pattern, through any alias', { path: '/v1/orders/*/status' }, ['/api/v1/orders/*/status', '/v1/orders/*/status']],
      ['path pattern with **', { path: '/v1/orders/**' }, ['/v1/orders/ord_missing', '/api/v1/orders/*/status', '/v1/orders/*/status', '/v1/orders']],
      ['status', { status: 404 }, ['/v1/orders/ord_missing']],
      ['since (inclusive)', { since: '2026-03-02T10:02:00Z' }, ['/v1/products', '/v1/products', '/v1/auth/token']],
      ['until (exclusive)', { until: '2026-03-02T10:01:00Z' }, ['/v1/orders', '/v1/auth/token']],
      ['since and until', { since: '2026-03-02T10:01:00Z', until: '2026-03-02T10:02:00Z' }, ['/v1/orders/ord_missing', '/api/v1/orders/*/status', '/v1/orders/*/status']],
      ['several at once', { clientId: 'shop-2', status: 400 }, ['/v1/products']],
      ['a filter nothing matches', { operationId: 'listPlans' }, []],
    ])('%s', async (_name, filter, paths) => {
      const t = await createTestApp();
      const { order } = await traffic(t);
      const { data, total } = await journal(t, filter);
      expect(data.map((entry) => entry.path.replace(order.id, '*'))).toEqual(paths);
      expect(total).toBe(paths.length);
      expect(await count(t, filter)).toBe(paths.length);
    });

    it('an error code shows on the entry it belongs to', async () => {
      const t = await createTestApp();
      await traffic(t);
      const { data } = await journal(t, { status: 400 });
      expect(data).toEqual([expect.objectContaining({ path: '/v1/products', query: 'limit=many', error: 'invalid_request', clientId: 'shop-2' })]);
    });
  });

  it('limit keeps the newest entries while total counts every match', async () => {
    const t = await createTestApp();
    await traffic(t);
    const all = await journal(t);
    expect(all.total).toBe(8);
    const page = await journal(t, { limit: 3 });
    expect(page.total).toBe(8);
    expect(page.data).toEqual(all.data.slice(0, 3));
    const filtered = await journal(t, { method: 'GET', limit: 1 });
    expect(filtered).toEqual({ data: [all.data[0]], total: 5 });
  });

  it('GET /requests/count verifies a call was made N times', async () => {
    const t = await createTestApp();
    const { token, order } = await traffic(t);
    expect(await count(t)).toBe(8);
    expect(await count(t, { operationId: 'getOrderStatus', clientId: 'mock-client' })).toBe(2);
    await t.http.get(`/v1/orders/${order.id}/status`).set(bearer(token)).expect(200);
    expect(await count(t, { operationId: 'getOrderStatus', clientId: 'mock-client' })).toBe(3);
  });

  it('DELETE /requests empties the journal and says how many entries it held', async () => {
    const t = await createTestApp();
    const { token } = await traffic(t);
    expect((await t.http.delete('/__admin/requests').expect(200)).body).toEqual({ data: { cleared: 8 } });
    expect(await journal(t)).toEqual({ data: [], total: 0 });
    expect((await t.http.delete('/__admin/requests').expect(200)).body).toEqual({ data: { cleared: 0 } });
    // Journaling goes on after a clear.
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    expect(await count(t)).toBe(1);
  });

  it.each([
    ['limit', { limit: 0 }, 'deve ser maior ou igual a 1'],
    ['limit', { limit: 1001 }, 'deve ser menor ou igual a 1000'],
    ['limit', { limit: 'all' }, 'deve ser do tipo integer'],
    ['status', { status: 'error' }, 'deve ser do tipo integer'],
    ['status', { status: 600 }, 'deve ser menor ou igual a 599'],
    ['method', { method: 'FETCH' }, 'deve ser um de: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'],
    ['since', { since: 'yesterday' }, 'formato inválido (date-time)'],
    ['until', { until: '2026-03-02' }, 'formato inválido (date-time)'],
    ['clientId', { clientId: '' }, 'deve ter pelo menos 1 caracteres'],
    ['path', { path: `/${'x'.repeat(300)}` }, 'deve ter no máximo 300 caracteres'],
  ])('a bad %s filter %j → 400 naming it, journal unchanged', async (field, query, message) => {
    const t = await createTestApp();
    await tokenFor(t);
    // count takes the filters, not a limit (it answers an unknown query parameter with "campo não permitido").
    for (const path of field === 'limit' ? ['/__admin/requests'] : ['/__admin/requests', '/__admin/requests/count']) {
      const response = await t.http.get(path).query(query).expect(400);
      expect(response.body).toMatchObject({ error: 'invalid_request', details: [{ path: field, message }] });
    }
    expect((await journal(t)).total).toBe(1);
  });

  describe('bounded size', () => {
    const exchange = (n: number): Exchange => ({
      context: {
        requestId: `req_${n}`,
        receivedAt: new Date(Date.UTC(2026, 2, 2, 10, 0, n)),
        method: 'GET',
        path: `/v1/products/prod_${n}`,
        query: '',
        startedMs: performance.now(),
      } as RequestContext,
      status: 200,
      headers: {},
      body: { data: {} },
    });

    it('keeps 1,000 entries by default', () => {
      expect(DEFAULT_JOURNAL_SIZE).toBe(1000);
    });

    it('a full journal drops its oldest entry for each new one', () => {
      const ring = createRequestJournal(3);
      for (let n = 1; n <= 5; n += 1) ring.record(exchange(n));
      const { entries, total } = ring.list({}, 100);
      expect(entries.map((entry) => entry.id)).toEqual(['req_5', 'req_4', 'req_3']);
      expect(total).toBe(3);
      expect(ring.count({})).toBe(3);
      expect(ring.count({ path: '/v1/products/prod_1' })).toBe(0);
      expect(ring.list({ since: '2026-03-02T10:00:04Z' }, 100).entries.map((entry) => entry.id)).toEqual(['req_5', 'req_4']);
    });

    it('an entry read before its slot is written again for a later request stays as it was read', () => {
      const ring = createRequestJournal(3);
      const of = (n: number, context: Partial<RequestContext>, body: unknown): Exchange => ({ ...exchange(n), context: { ...exchange(n).context, ...context }, body });
      for (let n = 1; n <= 3; n += 1) ring.record(of(n, { world: worldFacts('mock-client'), scenario: 'global:token-expiry', armed: ['server.503'], query: `page=${n}` }, { data: { id: `prod_${n}` } }));
      const read = ring.list({}, 100).entries;
      const opened = ring.find('req_1');
      const snapshot = JSON.stringify([read, opened]);
      // Each of the three slots is written again, twice over, by later requests of another client.
      for (let n = 4; n <= 9; n += 1) ring.record(of(n, { world: worldFacts('other-client') }, { data: {} }));
      expect(JSON.stringify([read, opened])).toBe(snapshot);
      expect(read.map((entry) => entry.id)).toEqual(['req_3', 'req_2', 'req_1']);
      expect(opened).toMatchObject({ id: 'req_1', clientId: 'mock-client', scenario: 'global:token-expiry', armed: ['server.503'], query: 'page=1' });
      expect(ring.list({}, 100).entries.map((entry) => entry.id)).toEqual(['req_9', 'req_8', 'req_7']);
      // What a reused slot answers is the later request's alone: nothing of the earlier one stays in it.
      const reused = ring.find('req_7');
      expect(reused).toMatchObject({ id: 'req_7', clientId: 'other-client', path: '/v1/products/prod_7', receivedAt: '2026-03-02T10:00:07.000Z' });
      for (const field of ['scenario', 'armed', 'query']) expect(reused).not.toHaveProperty(field);
      expect(ring.list({ touching: 'prod_1' }, 100).total).toBe(0);
      expect(ring.list({ touching: 'prod_8' }, 100).entries.map((entry) => entry.id)).toEqual(['req_8']);
      expect(ring.count({ clientId: 'mock-client' })).toBe(0);
    });

    it('before it is full it holds what it got; after a clear it fills again from empty', () => {
      const ring = createRequestJournal(3);
      ring.record(exchange(1));
      expect(ring.list({}, 100).entries.map((entry) => entry.id)).toEqual(['req_1']);
      for (let n = 2; n <= 7; n += 1) ring.record(exchange(n));
      expect(ring.clear()).toBe(3);
      expect(ring.list({}, 100)).toEqual({ entries: [], total: 0 });
      ring.record(exchange(8));
      ring.record(exchange(9));
      expect(ring.list({}, 1)).toEqual({ entries: [expect.objectContaining({ id: 'req_9' })], total: 2 });
    });
  });
});
