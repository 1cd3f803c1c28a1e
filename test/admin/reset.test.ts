import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/records.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { callWith, clockNow, createProduct, placeOrder, secondClient } from '../support/admin-helpers.ts';

const START = '2026-03-02T10:00:00.000Z';

const counts = (t: TestApp) => Object.fromEntries(COLLECTIONS.map((name) => [name, t.store.count(name)]));

describe('admin reset', () => {
  it('POST /reset takes every record back to the seeded dataset, exactly', async () => {
    const t = await createTestApp({ seedData: 'default' });
    // The records and the dataset's meta (the clients, clock and scenarios are saved beside them: see durable-state tests).
    const recordsOf = () => JSON.stringify({ ...t.store.dump(), meta: { dataset: t.store.getMeta('dataset') } });
    const seeded = recordsOf();
    expect(t.store.count('products')).toBeGreaterThan(0);
    const token = await tokenFor(t);
    const product = await createProduct(t, token, 'Produto novo');
    await placeOrder(t, token);
    const response = await t.http.post('/__admin/reset').expect(200);
    expect(response.body).toEqual({ data: { reset: true } });
    expect(recordsOf()).toBe(seeded);
    expect(t.store.get('products', product.id)).toBeUndefined();
    expect(t.store.count('tokens')).toBe(0);
  });

  it('POST /reset {} with seedData none leaves every collection empty', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await createProduct(t, token);
    await placeOrder(t, token);
    await t.http.post('/__admin/reset').send({}).expect(200);
    expect(counts(t)).toEqual(Object.fromEntries(COLLECTIONS.map((name) => [name, 0])));
    // The old token went with the records.
    expect(await callWith(t, token)).toEqual({ status: 401, error: 'invalid_token' });
  });

  it('takes the clock back to where the mock started, frozen', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clock/set').send({ at: '2027-06-01T00:00:00Z' }).expect(200);
    await t.http.post('/__admin/clock/resume').expect(200);
    await t.http.post('/__admin/reset').expect(200);
    expect((await t.http.get('/__admin/clock').expect(200)).body.data).toMatchObject({ now: START, frozen: true });
  });

  it('deactivates every scenario and drops their counters', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.put('/__admin/scenarios/active').send({ name: 'burst-429' }).expect(200);
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry', clientId: 'mock-client' }).expect(200);
    await t.http.get('/v1/products').set(bearer(token));
    await t.http.post('/__admin/reset').expect(200);
    expect((await t.http.get('/__admin/scenarios/active').expect(200)).body.data).toEqual({ global: null, clients: {}, activations: [] });
  });

  it('goes back to the scenario the mock was started with', async () => {
    const t = await createTestApp({ scenario: 'slow-payment' });
    await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry' }).expect(200);
    await t.http.post('/__admin/reset').expect(200);
    expect((await t.http.get('/__admin/scenarios/active').expect(200)).body.data.global).toBe('slow-payment');
  });

  it('empties the request journal', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    expect((await t.http.get('/__admin/requests/count').expect(200)).body.data.count).toBe(2);
    await t.http.post('/__admin/reset').expect(200);
    expect((await t.http.get('/__admin/requests').expect(200)).body).toEqual({ data: [], total: 0 });
  });

  it('brings the configured clients back: a deactivated one is active again, an added one is gone', async () => {
    const t = await createTestApp();
    await secondClient(t);
    await t.http.post('/__admin/clients/mock-client/deactivate').expect(200);
    await t.http.post('/__admin/reset').expect(200);
    const clients = (await t.http.get('/__admin/clients').expect(200)).body.data as Array<{ clientId: string; active: boolean }>;
    expect(clients.map(({ clientId, active }) => ({ clientId, active }))).toEqual([
      { clientId: 'mock-client', active: true },
      { clientId: 'inactive-client', active: false },
    ]);
    await tokenFor(t);
    const gone = await t.http.post('/v1/auth/token').send({ client_id: 'shop-2', client_secret: 'shop-2-secret' }).expect(401);
    expect(gone.body.error).toBe('CLIENT_INVALIDO');
  });

  it('resets rate-limit windows', async () => {
    const t = await createTestApp({ rateLimit: { limit: 2 } });
    const token = await tokenFor(t);
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    await t.http.get('/v1/products').set(bearer(token)).expect(429);
    await t.http.post('/__admin/reset').expect(200);
    const fresh = await tokenFor(t);
    await t.http.get('/v1/products').set(bearer(fresh)).expect(200);
  });

  describe('one client', () => {
    it('POST /reset {clientId} drops only that client’s records (tokens included) and keeps the others’', async () => {
      const t = await createTestApp();
      const token = await tokenFor(t);
      const mine = await createProduct(t, token, 'Minha capulana');
      const order = await placeOrder(t, token);
      const other = await secondClient(t);
      const theirs = await createProduct(t, other.token, 'Capulana da loja 2');

      const response = await t.http.post('/__admin/reset').send({ clientId: 'mock-client' }).expect(200);
      // 2 tokens (refresh + access), the product, the order's customer, product, order and payment.
      expect(response.body).toEqual({ data: { reset: true, clientId: 'mock-client', removed: 7 } });

      expect(t.store.get('products', mine.id)).toBeUndefined();
      expect(t.store.get('orders', order.id)).toBeUndefined();
      expect(await callWith(t, token)).toEqual({ status: 401, error: 'invalid_token' });
      const kept = await t.http.get(`/v1/products/${theirs.id}`).set(bearer(other.token)).expect(200);
      expect(kept.body.data.name).toBe('Capulana da loja 2');
      // The client itself stays: it gets a new token and starts from an empty catalogue.
      const fresh = await tokenFor(t);
      expect((await t.http.get('/v1/products').set(bearer(fresh)).expect(200)).body.data).toEqual([]);
    });

    it('leaves the clock, scenarios and journal alone', async () => {
      const t = await createTestApp();
      await tokenFor(t);
      await t.http.post('/__admin/clock/advance').send({ seconds: 60 }).expect(200);
      await t.http.put('/__admin/scenarios/active').send({ name: 'token-expiry' }).expect(200);
      await t.http.post('/__admin/reset').send({ clientId: 'mock-client' }).expect(200);
      expect(await clockNow(t)).toBe('2026-03-02T10:01:00.000Z');
      expect((await t.http.get('/__admin/scenarios/active').expect(200)).body.data.global).toBe('token-expiry');
      expect((await t.http.get('/__admin/requests/count').expect(200)).body.data.count).toBe(1);
    });

    it('a client without records → removed 0', async () => {
      const t = await createTestApp();
      const response = await t.http.post('/__admin/reset').send({ clientId: 'inactive-client' }).expect(200);
      expect(response.body.data).toEqual({ reset: true, clientId: 'inactive-client', removed: 0 });
    });

    it('an unknown client → 404 not_found, nothing removed', async () => {
      const t = await createTestApp();
      const token = await tokenFor(t);
      await createProduct(t, token);
      const before = JSON.stringify(t.store.dump());
      const response = await t.http.post('/__admin/reset').send({ clientId: 'nobody' }).expect(404);
      expect(response.body).toMatchObject({ error: 'not_found', message: 'Cliente desconhecido: nobody' });
      expect(JSON.stringify(t.store.dump())).toBe(before);
      expect(await callWith(t, token)).toEqual({ status: 200 });
    });

    it.each([
      [{ clientId: '' }, 'clientId', 'deve ter pelo menos 1 caracteres'],
      [{ clientId: 7 }, 'clientId', 'deve ser do tipo string'],
      [{ client: 'mock-client' }, 'client', 'campo não permitido'],
    ])('a bad body %j → 400 naming %s, nothing removed', async (body, field, message) => {
      const t = await createTestApp();
      const token = await tokenFor(t);
      await createProduct(t, token);
      const before = JSON.stringify(t.store.dump());
      const response = await t.http.post('/__admin/reset').send(body).expect(400);
      expect(response.body).toMatchObject({ error: 'invalid_request', details: [{ path: field, message }] });
      expect(JSON.stringify(t.store.dump())).toBe(before);
    });
  });
});
