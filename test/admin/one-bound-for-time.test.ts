/**
 * One bound for time: what the clock accepts, the state export, import and snapshot restore accept. A tenant at the
 * clock's latest instant with a token of the longest life, and one at its earliest with a seeded history, round-trip
 * through the export, an import and a snapshot restore; an instant one past the bound is refused up front.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const LATEST = '8999-12-31T23:59:59.999Z';
const ONE_PAST = '9000-01-01T00:00:00.000Z';
const A_YEAR_S = 31_536_000;

async function tokenOf(t: TestApp, tenant: { clientId: string; clientSecret: string }): Promise<void> {
  await t.http.post('/v1/auth/token').send({ client_id: tenant.clientId, client_secret: tenant.clientSecret }).expect(200);
}

describe('one bound for time', () => {
  it('a tenant at the latest accepted instant, with a token that outlives it by a year, round-trips the state', async () => {
    const t = await createTestApp({ tokens: { ttlSeconds: A_YEAR_S } });
    const latest = (await t.http.post('/__admin/tenants').send({ clientId: 'latest', clock: { frozenAt: '2030-01-01T00:00:00Z' } }).expect(201)).body.data;
    await t.http.post('/__admin/clients/latest/clock/set').send({ at: LATEST }).expect(200);
    await tokenOf(t, latest);
    const earliest = (await t.http.post('/__admin/tenants').send({ clientId: 'earliest', clock: { frozenAt: '1970-01-01T00:00:00Z' }, seedData: 'default' }).expect(201)).body.data;
    await tokenOf(t, earliest);

    const exported = (await t.http.get('/__admin/state').expect(200)).body;
    const imported = await t.http.put('/__admin/state').send(exported);
    expect(imported.body).toMatchObject({ data: { records: expect.any(Number) } });
    await t.http.post('/__admin/snapshots').send({ name: 'edges' }).expect(201);
    await t.http.post('/__admin/snapshots/edges/restore').expect(200);
    expect((await t.http.get('/__admin/clients/latest/clock').expect(200)).body.data.now).toBe(LATEST);
    expect((await t.http.get('/__admin/clients/latest/tokens').expect(200)).body.data).toHaveLength(1);
  }, 30_000);

  it.each([
    ['a tenant frozen one past the bound', '/__admin/tenants', { clientId: 'past', clock: { frozenAt: ONE_PAST } }, 'clock.frozenAt'],
    ['a tenant frozen one past the bound by its offset', '/__admin/tenants', { clientId: 'past', clock: { frozenAt: '8999-12-31T23:59:59-00:01' } }, 'clock.frozenAt'],
    ['a client clock set one past the bound', '/__admin/clients/mock-client/clock/set', { at: ONE_PAST }, 'at'],
  ])('%s is refused up front: 400 naming the field', async (_label, path, body, field) => {
    const t = await createTestApp();
    const refused = await t.http.post(path).send(body).expect(400);
    expect(refused.body).toMatchObject({ error: 'invalid_request', details: [{ path: field, message: expect.stringContaining(ONE_PAST) }] });
    expect((await t.http.get('/__admin/clients').expect(200)).body.data.map((client: { clientId: string }) => client.clientId)).not.toContain('past');
    expect((await t.http.get('/__admin/clock').expect(200)).body.data.clientsWithOwnClock).toEqual([]);
  });
});
