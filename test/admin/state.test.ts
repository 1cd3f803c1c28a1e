import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/records.ts';
import { loadAdminDocument } from '../../src/openapi/spec-document.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { clockNow, createProduct, placeOrder, secondClient } from '../support/admin-helpers.ts';

const START = '2026-03-02T10:00:00.000Z';
/** A stored product as the store keeps it. */
const PRODUCT = { id: 'p1', clientId: 'mock-client', name: 'Capulana', price: 350, createdAt: START, updatedAt: START };

async function exported(t: TestApp) {
  return (await t.http.get('/__admin/state').expect(200)).body as {
    version: number;
    clock: { now: string; frozen: boolean; offsetMs: number };
    clients: Array<{ clientId: string; active: boolean }>;
    scenarios: { global: string | null; clients: Record<string, string> };
    store: { version: number; meta: Record<string, unknown>; collections: Record<string, Record<string, { id: string; clientId: string }>> };
  };
}

/** Everything a user can see of the mock's state, for "nothing changed" checks. */
async function observable(t: TestApp) {
  // offsetMs (mock minus real time) moves with real time on a frozen clock; `now` and `frozen` are what a user sees.
  const { exportedAt: _exportedAt, clock, ...state } = (await t.http.get('/__admin/state').expect(200)).body as Record<string, unknown>;
  const { now, frozen } = clock as { now: string; frozen: boolean };
  return { ...state, clock: { now, frozen } };
}

describe('admin state export and import', () => {
  it('GET /state holds the clock, clients, scenarios and every record', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const product = await createProduct(t, token);
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry', clientId: 'mock-client' }).expect(200);
    const state = await exported(t);
    expect(state).toMatchObject({
      version: 1,
      exportedAt: START,
      clock: { now: START, frozen: true },
      clients: [
        { clientId: 'mock-client', clientSecret: 'mock-secret', active: true },
        { clientId: 'inactive-client', active: false },
      ],
      scenarios: { global: null, clients: { 'mock-client': 'token-expiry' } },
      store: { version: 1 },
    });
    expect(state.store.collections['products']?.[product.id]).toMatchObject({ id: product.id, clientId: 'mock-client', name: 'Capulana' });
    expect(Object.keys(state.store.collections['tokens'] ?? {})).toHaveLength(2);
  });

  it('PUT /state brings the exported records back exactly, and the clock, clients and scenarios with them', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const product = await createProduct(t, token, 'Capulana antiga');
    const order = await placeOrder(t, token);
    const state = await exported(t);
    const productBefore = (await t.http.get(`/v1/products/${product.id}`).set(bearer(token)).expect(200)).body;
    const orderBefore = (await t.http.get(`/v1/orders/${order.id}`).set(bearer(token)).expect(200)).body;

    // Change everything a state holds.
    await t.http.post('/v1/products/sync').set(bearer(token)).send({ originProductId: 'X-1', name: 'Outro', price: 1 }).expect(201);
    await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status: 'CANCELLED' }).expect(200);
    await t.http.post('/__admin/clock/advance').send({ seconds: 600 }).expect(200);
    await t.http.post('/__admin/clock/resume').expect(200);
    await secondClient(t);
    await t.http.post('/__admin/clients/mock-client/deactivate').expect(200);
    await t.http.put('/__admin/scenarios/active').send({ name: 'burst-429' }).expect(200);

    const imported = await t.http.put('/__admin/state').send(state).expect(200);
    // 2 tokens, the product, and the order's customer, product, order and payment.
    expect(imported.body).toEqual({ data: { records: 7, skippedScenarios: [] } });

    expect((await t.http.get('/__admin/clock').expect(200)).body.data).toMatchObject({ now: START, frozen: true });
    expect((await t.http.get(`/v1/products/${product.id}`).set(bearer(token)).expect(200)).body).toEqual(productBefore);
    // The checkout link names the host of each request (supertest listens on a new port each time).
    const orderAfter = (await t.http.get(`/v1/orders/${order.id}`).set(bearer(token)).expect(200)).body;
    expect(orderAfter).toEqual({ data: { ...orderBefore.data, checkout: expect.stringMatching(`/checkout/${order.id}$`) } });
    expect(orderAfter.data.status).toBe('PENDING');
    const products = (await t.http.get('/v1/products').set(bearer(token)).expect(200)).body.data as Array<{ id: string }>;
    // The product of the state and the one its order created; the synced one is gone.
    expect(products.map(({ id }) => id).sort()).toEqual(Object.keys(state.store.collections['products'] ?? {}).sort());
    expect(products).toHaveLength(2);
    const clients = (await t.http.get('/__admin/clients').expect(200)).body.data as Array<{ clientId: string; active: boolean }>;
    expect(clients.map(({ clientId, active }) => ({ clientId, active }))).toEqual([
      { clientId: 'mock-client', active: true },
      { clientId: 'inactive-client', active: false },
    ]);
    expect((await t.http.get('/__admin/scenarios/active').expect(200)).body.data).toEqual({ global: null, clients: {}, activations: [] });
  });

  it('takes a state larger than the 64 KiB other admin calls are held to', async () => {
    const t = await createTestApp({ seedData: 'default' });
    const state = await exported(t);
    state.store.meta['note'] = 'x'.repeat(80 * 1024);
    await t.http.post('/__admin/snapshots').send({ name: 'x'.repeat(10), pad: 'x'.repeat(70 * 1024) }).expect(413);
    await t.http.post('/__admin/reset').send({ clientId: 'mock-client' }).expect(200);
    const response = await t.http.put('/__admin/state').send(state).expect(200);
    expect(response.body.data.records).toBe(Object.values(state.store.collections).reduce((sum, records) => sum + Object.keys(records).length, 0));
    expect(t.store.count('products')).toBe(Object.keys(state.store.collections['products'] ?? {}).length);
    expect(t.store.getMeta('note')).toHaveLength(80 * 1024);
  });

  it('a state exported with a running clock comes back running from its instant', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clock/resume').expect(200);
    const state = await exported(t);
    await t.http.post('/__admin/clock/freeze').expect(200);
    await t.http.post('/__admin/clock/set').send({ at: '2030-01-01T00:00:00Z' }).expect(200);
    await t.http.put('/__admin/state').send(state).expect(200);
    const clock = (await t.http.get('/__admin/clock').expect(200)).body.data as { now: string; frozen: boolean };
    expect(clock.frozen).toBe(false);
    expect(Date.parse(clock.now) - Date.parse(state.clock.now)).toBeGreaterThanOrEqual(0);
    expect(Date.parse(clock.now) - Date.parse(state.clock.now)).toBeLessThan(5000);
  });

  it('an imported state is caught up with the clock before the answer: an order whose time step is due has moved', async () => {
    const t = await createTestApp();
    await t.http.put('/__admin/scenarios/active').send({ name: 'slow-payment', clientId: 'mock-client' }).expect(200);
    const order = await placeOrder(t, await tokenFor(t));
    const state = await exported(t);
    // The exported clock is an hour on: slow-payment's 10-minute step is due the moment the state is back.
    state.clock.now = new Date(Date.parse(state.clock.now) + 3_600_000).toISOString();
    await t.http.put('/__admin/state').send(state).expect(200);
    const orders = (await t.http.get('/__admin/clients/mock-client/orders').expect(200)).body.data as Array<{ id: string; status: string }>;
    expect(orders.find(({ id }) => id === order.id)?.status).toBe('PAID');
  });

  it('names the activations of scenarios this mock does not know, and restores the rest', async () => {
    const t = await createTestApp();
    const state = await exported(t);
    state.scenarios = { global: 'from-another-mock', clients: { 'mock-client': 'token-expiry' } };
    const response = await t.http.put('/__admin/state').send(state).expect(200);
    expect(response.body.data.skippedScenarios).toEqual(['from-another-mock']);
    expect((await t.http.get('/__admin/scenarios/active').expect(200)).body.data).toMatchObject({ global: null, clients: { 'mock-client': 'token-expiry' } });
  });

  it('a state from another mock is usable at once: its clients’ tokens work', async () => {
    const source = await createTestApp();
    const token = await tokenFor(source);
    const product = await createProduct(source, token);
    const state = await exported(source);
    const target = await createTestApp();
    await target.http.put('/__admin/state').send(state).expect(200);
    expect((await target.http.get(`/v1/products/${product.id}`).set(bearer(token)).expect(200)).body.data.name).toBe('Capulana');
  });

  describe('a refused import changes nothing', () => {
    const cases: Array<[string, (state: Record<string, any>) => unknown, Array<{ path: string; message?: string }>]> = [
      ['no store', ({ store: _store, ...rest }) => rest, [{ path: 'store', message: 'campo obrigatório' }]],
      ['no clock', ({ clock: _clock, ...rest }) => rest, [{ path: 'clock', message: 'campo obrigatório' }]],
      ['version 2', (state) => ({ ...state, version: 2 }), [{ path: 'version', message: 'deve ser um de: 1' }]],
      ['a client without a secret', (state) => ({ ...state, clients: [{ clientId: 'x', active: true }] }), [{ path: 'clients[0].clientSecret' }]],
      [
        'a record without an id',
        (state) => ({ ...state, store: { ...state.store, collections: { products: { p1: (({ id: _id, ...rest }) => rest)({ ...PRODUCT, id: 'p1' }) } } } }),
        [{ path: 'store.collections.products.p1.id', message: 'campo obrigatório' }],
      ],
      [
        'a record without a clientId',
        (state) => ({ ...state, store: { ...state.store, collections: { products: { p1: (({ clientId: _clientId, ...rest }) => rest)({ ...PRODUCT, id: 'p1' }) } } } }),
        [{ path: 'store.collections.products.p1.clientId', message: 'campo obrigatório' }],
      ],
      [
        'a record under another id',
        (state) => ({ ...state, store: { ...state.store, collections: { products: { p1: { ...PRODUCT, id: 'p2' } } } } }),
        [{ path: 'store.collections.products.p1.id', message: 'deve ser igual à chave do registo' }],
      ],
      [
        'an unknown collection',
        (state) => ({ ...state, store: { ...state.store, collections: { produtos: {} } } }),
        [{ path: 'store.collections.produtos', message: 'campo não permitido' }],
      ],
      [
        'a clock outside its range',
        (state) => ({ ...state, clock: { ...state.clock, now: '9500-01-01T00:00:00Z' } }),
        [{ path: 'clock.now', message: 'o relógio deve ficar entre 1970-01-01T00:00:00.000Z e 9000-01-01T00:00:00.000Z' }],
      ],
      [
        'a scenario activated for a client the state lacks',
        (state) => ({ ...state, scenarios: { global: null, clients: { ghost: 'token-expiry' } } }),
        [{ path: 'scenarios.clients.ghost', message: 'cliente desconhecido: ghost' }],
      ],
      [
        'a client twice',
        (state) => ({ ...state, clients: [...state.clients, { clientId: 'mock-client', clientSecret: 'outro', active: true }] }),
        [{ path: 'clients[2].clientId', message: 'cliente repetido: mock-client' }],
      ],
    ];

    it.each(cases)('%s → 400 invalid_request naming the field', async (_name, spoil, details) => {
      const t = await createTestApp();
      const token = await tokenFor(t);
      await createProduct(t, token);
      await t.http.post('/__admin/clock/advance').send({ seconds: 60 }).expect(200);
      const good = await exported(t);
      const before = await observable(t);
      const response = await t.http.put('/__admin/state').send(spoil(good as Record<string, any>) as object).expect(400);
      expect(response.body.error).toBe('invalid_request');
      expect(response.body.details).toEqual(details.map((detail) => expect.objectContaining(detail)));
      expect(await observable(t)).toEqual(before);
      expect(await clockNow(t)).toBe('2026-03-02T10:01:00.000Z');
    });

    it('a body that is not JSON → 400', async () => {
      const t = await createTestApp();
      const before = await observable(t);
      await t.http.put('/__admin/state').set('Content-Type', 'application/json').send('{"version":1,').expect(400);
      expect(await observable(t)).toEqual(before);
    });
  });
});

describe('the State document', () => {
  it("lists exactly the store's collections, and nothing else", () => {
    const document = loadAdminDocument() as {
      components: { schemas: { State: { properties: { store: { properties: { collections: { properties: object; additionalProperties: unknown } } } } } } };
    };
    const collections = document.components.schemas.State.properties.store.properties.collections;
    expect(Object.keys(collections.properties)).toEqual([...COLLECTIONS]);
    expect(collections.additionalProperties).toBe(false);
  });
});

describe('admin snapshots', () => {
  it('POST /snapshots saves the state under a name → 201 with its time and record count', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await createProduct(t, token);
    const response = await t.http.post('/__admin/snapshots').send({ name: 'with-product' }).expect(201);
    expect(response.body).toEqual({ data: { name: 'with-product', savedAt: START, records: 3 } });
  });

  it('GET /snapshots lists them oldest first; saving a name again replaces it and moves it last', async () => {
    const t = await createTestApp();
    expect((await t.http.get('/__admin/snapshots').expect(200)).body).toEqual({ data: [] });
    await t.http.post('/__admin/snapshots').send({ name: 'a' }).expect(201);
    await t.http.post('/__admin/clock/advance').send({ seconds: 1 }).expect(200);
    await t.http.post('/__admin/snapshots').send({ name: 'b.2_x-y' }).expect(201);
    await t.http.post('/__admin/clock/advance').send({ seconds: 1 }).expect(200);
    await tokenFor(t);
    await t.http.post('/__admin/snapshots').send({ name: 'a' }).expect(201);
    expect((await t.http.get('/__admin/snapshots').expect(200)).body.data).toEqual([
      { name: 'b.2_x-y', savedAt: '2026-03-02T10:00:01.000Z', records: 0 },
      { name: 'a', savedAt: '2026-03-02T10:00:02.000Z', records: 2 },
    ]);
  });

  it('POST /snapshots/{name}/restore goes back to the snapshot: records, clock, clients and scenarios', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const product = await createProduct(t, token, 'Antes');
    await t.http.post('/__admin/snapshots').send({ name: 'before' }).expect(201);

    await t.http.post('/v1/products/sync').set(bearer(token)).send({ originProductId: 'X-1', name: 'Depois', price: 2 }).expect(201);
    await t.http.post('/__admin/clock/advance').send({ seconds: 3600 }).expect(200);
    await t.http.post('/__admin/clients/mock-client/deactivate').expect(200);
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry' }).expect(200);

    const restored = await t.http.post('/__admin/snapshots/before/restore').expect(200);
    expect(restored.body).toEqual({ data: { records: 3, skippedScenarios: [] } });
    expect(await clockNow(t)).toBe(START);
    const products = (await t.http.get('/v1/products').set(bearer(token)).expect(200)).body.data as Array<{ id: string; name: string }>;
    expect(products.map(({ id, name }) => ({ id, name }))).toEqual([{ id: product.id, name: 'Antes' }]);
    expect((await t.http.get('/__admin/scenarios/active').expect(200)).body.data.global).toBeNull();
    // A snapshot can be restored again: what happened after the first restore does not leak into it.
    await createProduct(t, token, 'Mais um');
    await t.http.post('/__admin/snapshots/before/restore').expect(200);
    expect(t.store.count('products')).toBe(1);
  });

  it('DELETE /snapshots/{name} forgets it; restoring or deleting it then → 404', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/snapshots').send({ name: 'gone' }).expect(201);
    await t.http.post('/__admin/snapshots').send({ name: 'kept' }).expect(201);
    expect((await t.http.delete('/__admin/snapshots/gone').expect(200)).body).toEqual({ data: { deleted: 'gone' } });
    expect((await t.http.get('/__admin/snapshots').expect(200)).body.data.map((s: { name: string }) => s.name)).toEqual(['kept']);
    expect((await t.http.post('/__admin/snapshots/gone/restore').expect(404)).body).toMatchObject({ error: 'not_found', message: 'Snapshot desconhecido: gone' });
    expect((await t.http.delete('/__admin/snapshots/gone').expect(404)).body.error).toBe('not_found');
  });

  it('restoring an unknown snapshot → 404 not_found, state unchanged', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await createProduct(t, token);
    await t.http.post('/__admin/clock/advance').send({ seconds: 5 }).expect(200);
    const before = await observable(t);
    const response = await t.http.post('/__admin/snapshots/never-saved/restore').expect(404);
    expect(response.body).toMatchObject({ error: 'not_found', message: 'Snapshot desconhecido: never-saved' });
    expect(await observable(t)).toEqual(before);
  });

  it.each([
    [{ name: '' }, 'formato inválido'],
    [{ name: '-starts-with-a-dash' }, 'formato inválido'],
    [{ name: 'has space' }, 'formato inválido'],
    [{ name: 'x'.repeat(65) }, 'formato inválido'],
    [{ name: 12 }, 'deve ser do tipo string'],
    [{}, 'campo obrigatório'],
  ])('saving %j → 400 naming name, nothing saved', async (body, message) => {
    const t = await createTestApp();
    const response = await t.http.post('/__admin/snapshots').send(body).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: [{ path: 'name', message }] });
    expect((await t.http.get('/__admin/snapshots').expect(200)).body.data).toEqual([]);
  });

  it('a bad name in the path of restore or delete → 400, state and snapshots unchanged', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/snapshots').send({ name: 'keep' }).expect(201);
    await t.http.post('/__admin/clock/advance').send({ seconds: 5 }).expect(200);
    const before = await observable(t);
    for (const response of [await t.http.post('/__admin/snapshots/-bad/restore'), await t.http.delete('/__admin/snapshots/-bad')]) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: 'invalid_request', details: [{ path: 'name', message: 'formato inválido' }] });
    }
    expect(await observable(t)).toEqual(before);
    expect((await t.http.get('/__admin/snapshots').expect(200)).body.data).toHaveLength(1);
  });

  it('snapshots outlive a reset', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await createProduct(t, token);
    await t.http.post('/__admin/snapshots').send({ name: 'kept' }).expect(201);
    await t.http.post('/__admin/reset').expect(200);
    expect(t.store.count('products')).toBe(0);
    await t.http.post('/__admin/snapshots/kept/restore').expect(200);
    expect(t.store.count('products')).toBe(1);
  });
});
