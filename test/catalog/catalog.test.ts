import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

interface Kind {
  name: 'products' | 'customers' | 'plans';
  create: string;
  key: string;
  valid: Record<string, unknown>;
  /** A body missing a required field, and that field's path. */
  invalid: [Record<string, unknown>, string];
}

const KINDS: Kind[] = [
  {
    name: 'products',
    create: '/products/create',
    key: 'originProductId',
    valid: { name: 'Capulana', price: 350.5, description: 'Tecido estampado', metadata: { cor: 'azul' } },
    invalid: [{ price: 10 }, 'name'],
  },
  {
    name: 'customers',
    create: '/customers',
    key: 'merchantCustomerId',
    valid: { name: 'Ana Muianga', email: 'ana@example.co.mz', phone: '+258 84 123 4567', city: 'Maputo' },
    invalid: [{ email: 'ana@example.co.mz' }, 'name'],
  },
  {
    name: 'plans',
    create: '/plans',
    key: 'originPlanId',
    valid: { name: 'Plano Mensal', price: 499, interval: 'monthly' },
    invalid: [{ name: 'Plano', price: 499 }, 'interval'],
  },
];

async function setup(): Promise<TestApp & { auth: { Authorization: string } }> {
  const t = await createTestApp();
  return { ...t, auth: bearer(await tokenFor(t)) };
}

describe.each(KINDS)('$name', (kind) => {
  it.each(['/v1', '/api/v1', '/api'])('creates, lists and gets under %s', async (prefix) => {
    const t = await setup();
    const created = await t.http.post(`${prefix}${kind.create}`).set(t.auth).send(kind.valid).expect(201);
    const record = created.body.data;
    expect(record).toEqual(expect.objectContaining({ ...kind.valid, createdAt: '2026-03-02T10:00:00.000Z' }));
    expect(record.id).toMatch(/^(prod|cus|plan)_[A-Za-z0-9]{20}$/);
    expect(record).not.toHaveProperty('clientId');
    const list = await t.http.get(`${prefix}/${kind.name}`).set(t.auth).expect(200);
    expect(list.body).toEqual({ data: [record], pagination: { page: 1, limit: 20, total: 1, totalPages: 1 } });
    const got = await t.http.get(`${prefix}/${kind.name}/${record.id}`).set(t.auth).expect(200);
    expect(got.body.data).toEqual(record);
  });

  it('refuses a body without a required field, storing nothing', async () => {
    const t = await setup();
    const [body, path] = kind.invalid;
    const response = await t.http.post(`/v1${kind.create}`).set(t.auth).send(body).expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details).toContainEqual(expect.objectContaining({ path }));
    expect(t.store.count(kind.name)).toBe(0);
  });

  it('answers an unknown id with 404 not_found', async () => {
    const t = await setup();
    const response = await t.http.get(`/v1/${kind.name}/nope_123`).set(t.auth).expect(404);
    expect(response.body.error).toBe('not_found');
  });

  it('syncs: creates with 201, then updates by merchant key with 200, merging the sent fields', async () => {
    const t = await setup();
    const first = await t.http.post(`/v1/${kind.name}/sync`).set(t.auth).send({ ...kind.valid, [kind.key]: 'K-1' }).expect(201);
    t.clock.advance(60);
    const second = await t.http.post(`/v1/${kind.name}/sync`).set(t.auth).send({ ...kind.valid, name: 'Renamed', [kind.key]: 'K-1' }).expect(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data.name).toBe('Renamed');
    expect(second.body.data.createdAt).toBe('2026-03-02T10:00:00.000Z');
    expect(second.body.data.updatedAt).toBe('2026-03-02T10:01:00.000Z');
    expect(t.store.count(kind.name)).toBe(1);
  });

  it('refuses sync without the merchant key', async () => {
    const t = await setup();
    const response = await t.http.post(`/v1/${kind.name}/sync`).set(t.auth).send(kind.valid).expect(400);
    expect(response.body.details).toContainEqual(expect.objectContaining({ path: kind.key }));
    expect(t.store.count(kind.name)).toBe(0);
  });

  it('refuses a create whose merchant key is already in use', async () => {
    const t = await setup();
    await t.http.post(`/v1${kind.create}`).set(t.auth).send({ ...kind.valid, [kind.key]: 'K-1' }).expect(201);
    const response = await t.http.post(`/v1${kind.create}`).set(t.auth).send({ ...kind.valid, [kind.key]: 'K-1' }).expect(400);
    expect(response.body.details).toContainEqual(expect.objectContaining({ path: kind.key }));
    expect(t.store.count(kind.name)).toBe(1);
  });

  it('batch-syncs: creates and updates, with a summary', async () => {
    const t = await setup();
    await t.http.post(`/v1/${kind.name}/sync`).set(t.auth).send({ ...kind.valid, [kind.key]: 'K-0' }).expect(201);
    const records = [0, 1, 2].map((i) => ({ ...kind.valid, name: `Item ${i}`, [kind.key]: `K-${i}` }));
    const response = await t.http.post(`/v1/${kind.name}/sync/batch`).set(t.auth).send({ [kind.name]: records }).expect(200);
    expect(response.body.summary).toEqual({ created: 2, updated: 1 });
    expect(response.body.data.map((record: { name: string }) => record.name)).toEqual(['Item 0', 'Item 1', 'Item 2']);
    expect(t.store.count(kind.name)).toBe(3);
  });

  it('batch-sync writes nothing when one record is invalid, naming it', async () => {
    const t = await setup();
    const records = [0, 1, 2, 3, 4].map((i) => ({ ...kind.valid, [kind.key]: `K-${i}` }));
    records[3] = { ...kind.invalid[0], [kind.key]: 'K-3' };
    const response = await t.http.post(`/v1/${kind.name}/sync/batch`).set(t.auth).send({ [kind.name]: records }).expect(400);
    expect(response.body.details).toContainEqual(expect.objectContaining({ path: `${kind.name}[3].${kind.invalid[1]}` }));
    expect(t.store.count(kind.name)).toBe(0);
  });

  it('batch-sync refuses more than 500 records', async () => {
    const t = await setup();
    const records = Array.from({ length: 501 }, (_, i) => ({ ...kind.valid, [kind.key]: `K-${i}` }));
    const response = await t.http.post(`/v1/${kind.name}/sync/batch`).set(t.auth).send({ [kind.name]: records }).expect(400);
    expect(response.body.details).toContainEqual(expect.objectContaining({ path: kind.name }));
    expect(t.store.count(kind.name)).toBe(0);
  });

  it('refuses metadata over 8 KiB, storing nothing', async () => {
    const t = await setup();
    const metadata = { note: 'x'.repeat(9000) };
    const response = await t.http.post(`/v1${kind.create}`).set(t.auth).send({ ...kind.valid, metadata }).expect(400);
    expect(response.body.details).toContainEqual(expect.objectContaining({ path: 'metadata' }));
    expect(t.store.count(kind.name)).toBe(0);
  });
});

describe('product specifics', () => {
  it('accepts POST /v1/products as an alias of /v1/products/create', async () => {
    const t = await setup();
    await t.http.post('/v1/products').set(t.auth).send({ name: 'Caju', price: 120 }).expect(201);
    expect(t.store.count('products')).toBe(1);
  });

  it('refuses a price with more than two decimals or below zero', async () => {
    const t = await setup();
    for (const price of [1.234, -5]) {
      const response = await t.http.post('/v1/products/create').set(t.auth).send({ name: 'X', price }).expect(400);
      expect(response.body.details).toContainEqual(expect.objectContaining({ path: 'price' }));
    }
    expect(t.store.count('products')).toBe(0);
  });

  it('keeps __proto__ in metadata as plain data', async () => {
    const t = await setup();
    const body = JSON.parse('{"name":"P","price":1,"metadata":{"__proto__":{"polluted":true},"list":[1,"a",null]}}');
    const created = await t.http.post('/v1/products/create').set(t.auth).send(body).expect(201);
    const got = await t.http.get(`/v1/products/${created.body.data.id}`).set(t.auth).expect(200);
    expect(JSON.stringify(got.body.data.metadata)).toBe('{"__proto__":{"polluted":true},"list":[1,"a",null]}');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('plan specifics', () => {
  it('defaults intervalCount to 1 and currency to MZN, and refuses an unknown interval without storing it', async () => {
    const t = await setup();
    const created = await t.http.post('/v1/plans').set(t.auth).send({ name: 'P', price: 10, interval: 'monthly' }).expect(201);
    expect(created.body.data).toEqual(expect.objectContaining({ intervalCount: 1, currency: 'MZN' }));
    const refused = await t.http.post('/v1/plans').set(t.auth).send({ name: 'P', price: 10, interval: 'daily' }).expect(400);
    expect(refused.body.error).toBe('invalid_request');
    expect(refused.body.details).toContainEqual(expect.objectContaining({ path: 'interval' }));
    expect(t.store.count('plans')).toBe(1);
  });
});
