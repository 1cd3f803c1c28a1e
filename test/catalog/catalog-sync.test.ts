/**
 * Sync merges the sent fields over the stored record (docs/assumptions.md), and batch sync
 * stays inside the caller's own records (§Authentication: each client sees only its own records).
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

interface Kind {
  name: 'products' | 'customers' | 'plans';
  key: string;
  /** The first sync: every field, including those the second sync leaves out. */
  full: Record<string, unknown>;
  /** The second sync: the merchant key's record with one field changed and `omitted` left out. */
  partial: Record<string, unknown>;
  omitted: string[];
}

const KINDS: Kind[] = [
  {
    name: 'products',
    key: 'originProductId',
    full: { name: 'Capulana', price: 350.5, description: 'Tecido estampado', metadata: { cor: 'azul' } },
    partial: { name: 'Capulana', price: 400 },
    omitted: ['description', 'metadata'],
  },
  {
    name: 'customers',
    key: 'merchantCustomerId',
    full: { name: 'Ana Muianga', email: 'ana@example.co.mz', city: 'Maputo', metadata: { vip: true } },
    partial: { name: 'Ana M. Muianga' },
    omitted: ['email', 'city', 'metadata'],
  },
  {
    name: 'plans',
    key: 'originPlanId',
    full: { name: 'Mensal', price: 499, interval: 'monthly', description: 'Plano base', metadata: { nivel: 1 } },
    partial: { name: 'Mensal', price: 599, interval: 'monthly' },
    omitted: ['description', 'metadata'],
  },
];

async function setup(config = {}): Promise<TestApp & { auth: { Authorization: string } }> {
  const t = await createTestApp(config);
  return { ...t, auth: bearer(await tokenFor(t)) };
}

describe.each(KINDS)('$name sync merge', (kind) => {
  it('keeps the fields a later sync leaves out and changes the ones it sends', async () => {
    const t = await setup();
    const first = await t.http.post(`/v1/${kind.name}/sync`).set(t.auth).send({ ...kind.full, [kind.key]: 'K-1' }).expect(201);
    t.clock.advance(60);
    const second = await t.http.post(`/v1/${kind.name}/sync`).set(t.auth).send({ ...kind.partial, [kind.key]: 'K-1' }).expect(200);
    const expected = { ...first.body.data, ...kind.partial, updatedAt: '2026-03-02T10:01:00.000Z' };
    expect(second.body.data).toEqual(expected);
    for (const field of kind.omitted) expect(second.body.data[field]).toEqual(kind.full[field]);
    const got = await t.http.get(`/v1/${kind.name}/${first.body.data.id}`).set(t.auth).expect(200);
    expect(got.body.data).toEqual(expected);
    expect(t.store.count(kind.name)).toBe(1);
  });

  it('batch sync merges the same way', async () => {
    const t = await setup();
    const first = await t.http.post(`/v1/${kind.name}/sync`).set(t.auth).send({ ...kind.full, [kind.key]: 'K-1' }).expect(201);
    const batch = await t.http
      .post(`/v1/${kind.name}/sync/batch`)
      .set(t.auth)
      .send({ [kind.name]: [{ ...kind.partial, [kind.key]: 'K-1' }] })
      .expect(200);
    expect(batch.body.summary).toEqual({ created: 0, updated: 1 });
    const got = await t.http.get(`/v1/${kind.name}/${first.body.data.id}`).set(t.auth).expect(200);
    expect(got.body.data).toEqual({ ...first.body.data, ...kind.partial });
    expect(t.store.count(kind.name)).toBe(1);
  });

  it('applies a merchant key repeated in one batch in order: created, then updated', async () => {
    const t = await setup();
    const batch = await t.http
      .post(`/v1/${kind.name}/sync/batch`)
      .set(t.auth)
      .send({ [kind.name]: [{ ...kind.full, [kind.key]: 'K-1' }, { ...kind.partial, [kind.key]: 'K-1' }] })
      .expect(200);
    expect(batch.body.summary).toEqual({ created: 1, updated: 1 });
    expect(batch.body.data[1].id).toBe(batch.body.data[0].id);
    const got = await t.http.get(`/v1/${kind.name}/${batch.body.data[0].id}`).set(t.auth).expect(200);
    expect(got.body.data).toEqual(expect.objectContaining({ ...kind.full, ...kind.partial, [kind.key]: 'K-1' }));
    expect(t.store.count(kind.name)).toBe(1);
  });
});

const TWO_CLIENTS = {
  clients: [
    { clientId: 'mock-client', clientSecret: 'mock-secret' },
    { clientId: 'other', clientSecret: 'other-secret' },
  ],
};

describe.each(KINDS.filter((kind) => kind.name !== 'products'))('$name batch sync isolation', (kind) => {
  it("creates new records for another client with the same merchant keys and leaves the first client's alone", async () => {
    const t = await setup(TWO_CLIENTS);
    const b = bearer(await tokenFor(t, { client_id: 'other', client_secret: 'other-secret' }));
    const own = ['K-1', 'K-2'].map((key) => ({ ...kind.full, [kind.key]: key }));
    await t.http.post(`/v1/${kind.name}/sync/batch`).set(t.auth).send({ [kind.name]: own }).expect(200);
    const before = await t.http.get(`/v1/${kind.name}`).set(t.auth).expect(200);
    t.clock.advance(60);
    const theirs = ['K-1', 'K-2'].map((key) => ({ ...kind.partial, [kind.key]: key }));
    const response = await t.http.post(`/v1/${kind.name}/sync/batch`).set(b).send({ [kind.name]: theirs }).expect(200);
    expect(response.body.summary).toEqual({ created: 2, updated: 0 });
    const ownIds = before.body.data.map((record: { id: string }) => record.id);
    for (const record of response.body.data) expect(ownIds).not.toContain(record.id);
    const after = await t.http.get(`/v1/${kind.name}`).set(t.auth).expect(200);
    expect(after.body).toEqual(before.body);
    const listedForB = await t.http.get(`/v1/${kind.name}`).set(b).expect(200);
    expect(listedForB.body.pagination.total).toBe(2);
    expect(t.store.count(kind.name)).toBe(4);
  });
});
