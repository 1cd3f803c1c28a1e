/**
 * A world per client: two tenants on one mock, each on its own clock. Moving, freezing or setting one tenant's clock
 * changes nothing another can observe (tokens, answers, billing, webhooks, journal, rate limit); the global clock's
 * routes move the clients that follow it and say which they did not move; run-until-idle makes what comes due; a
 * tenant's deletion takes everything it owns. Every answer is checked against spec/admin.yaml by the test setup.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts';
import { journalText } from '../support/journal-file.ts';
import { makeTempDir } from '../support/store-helpers.ts';
import { openStore } from '../../src/store/index.ts';

const FROZEN = '2026-05-01T08:00:00.000Z';
const receivers: Receiver[] = [];
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});

async function tenant(t: TestApp, body: Record<string, unknown> = {}) {
  const answer = await t.http.post('/__admin/tenants').send({ clock: { frozenAt: FROZEN }, ...body }).expect(201);
  return answer.body.data as { clientId: string; clientSecret: string; clock: { own: boolean; now: string }; records: number };
}

async function tokenOf(t: TestApp, who: { clientId: string; clientSecret: string }): Promise<string> {
  const answer = await t.http.post('/v1/auth/token').send({ client_id: who.clientId, client_secret: who.clientSecret }).expect(200);
  return answer.body.data.access_token as string;
}

async function subscribe(t: TestApp, token: string, key: string) {
  const answer = await t.http
    .post('/v1/subscriptions')
    .set(bearer(token))
    .send({
      originSubscriptionId: `SUB-${key}`,
      plan: { originPlanId: `PLAN-${key}`, name: 'Mensal', price: 100, interval: 'monthly' },
      customer: { merchantCustomerId: `CUST-${key}`, name: 'Ana' },
    })
    .expect(201);
  return answer.body.data.id as string;
}

const paymentsOf = async (t: TestApp, clientId: string) => (await t.http.get(`/__admin/clients/${clientId}/payments`).expect(200)).body.data as Array<{ status: string; createdAt: string }>;

describe('tenants, each on its own clock', () => {
  it('POST /tenants answers the credentials and a clock of its own, frozen where asked', async () => {
    const t = await createTestApp();
    const a = await tenant(t, { clientId: 'job-a', name: 'CI job A' });
    expect(a).toMatchObject({ clientId: 'job-a', clock: { clientId: 'job-a', own: true, now: FROZEN, frozen: true }, records: 0 });
    expect(a.clientSecret.length).toBeGreaterThan(10);
    expect((await t.http.get('/__admin/clients/job-a/clock').expect(200)).body.data).toMatchObject({ own: true, now: FROZEN });
    // The default client still follows the global clock.
    expect((await t.http.get('/__admin/clients/mock-client/clock').expect(200)).body.data).toMatchObject({ own: false, now: '2026-03-02T10:00:00.000Z' });
  });

  it('tenant A advances 3,700 s: its old token is TOKEN_EXPIRADO, its subscription bills; B\'s token works and nothing of B bills', async () => {
    const t = await createTestApp();
    const [a, b] = [await tenant(t), await tenant(t)];
    const [tokenA, tokenB] = [await tokenOf(t, a), await tokenOf(t, b)];
    await subscribe(t, tokenA, 'A');
    await subscribe(t, tokenB, 'B');
    const billedBefore = { a: (await paymentsOf(t, a.clientId)).length, b: (await paymentsOf(t, b.clientId)).length };

    const moved = await t.http.post(`/__admin/clients/${a.clientId}/clock/advance`).send({ seconds: 3700 }).expect(200);
    expect(moved.body.data).toMatchObject({ clientId: a.clientId, own: true, now: '2026-05-01T09:01:40.000Z' });

    expect((await t.http.get('/v1/products').set(bearer(tokenA)).expect(401)).body.error).toBe('TOKEN_EXPIRADO');
    await t.http.get('/v1/products').set(bearer(tokenB)).expect(200);
    // A month on A's clock: A's subscription is charged for its next period; B's has not moved.
    await t.http.post(`/__admin/clients/${a.clientId}/clock/advance`).send({ seconds: 31 * 86_400 }).expect(200);
    expect((await paymentsOf(t, a.clientId)).length).toBeGreaterThan(billedBefore.a);
    expect((await paymentsOf(t, b.clientId)).length).toBe(billedBefore.b);
    expect((await t.http.get(`/__admin/clients/${b.clientId}/clock`).expect(200)).body.data).toMatchObject({ own: true, now: FROZEN });
  });

  it('the global clock routes move the clients that follow them, not a tenant, and say which they did not move', async () => {
    const t = await createTestApp();
    const a = await tenant(t, { clientId: 'job-a' });
    const tokenA = await tokenOf(t, a);
    const moved = await t.http.post('/__admin/clock/advance').send({ seconds: 7200 }).expect(200);
    expect(moved.body.data).toMatchObject({ now: '2026-03-02T12:00:00.000Z', clientsWithOwnClock: ['job-a'] });
    await t.http.get('/v1/products').set(bearer(tokenA)).expect(200);
    expect((await t.http.get('/__admin/clients/job-a/clock').expect(200)).body.data.now).toBe(FROZEN);
    expect((await t.http.get('/__admin/clients/mock-client/clock').expect(200)).body.data.now).toBe('2026-03-02T12:00:00.000Z');
  });

  it('a tenant\'s webhook carries its own time and goes to its own endpoint; the other tenant gets nothing', async () => {
    const t = await createTestApp();
    const [hooksA, hooksB] = [await startReceiver(), await startReceiver()];
    receivers.push(hooksA, hooksB);
    const a = await tenant(t, { webhook: { url: hooksA.url }, scenario: 'slow-payment' });
    await tenant(t, { webhook: { url: hooksB.url } });
    const tokenA = await tokenOf(t, a);
    const order = await t.http.post('/v1/orders').set(bearer(tokenA)).send({ customer: { name: 'Ana' }, items: [{ name: 'Caju', quantity: 1, price: 10 }] }).expect(201);
    const run = await t.http.post(`/__admin/clients/${a.clientId}/clock/run-until-idle`).send({ maxSeconds: 3600 }).expect(200);
    expect(run.body.data).toMatchObject({ now: '2026-05-01T08:10:00.000Z', idle: true, transitions: 1 });
    expect(run.body.data.deliveries).toBeGreaterThanOrEqual(1);
    const status = await t.http.get(`/v1/orders/${order.body.data.orderId}/status`).set(bearer(tokenA)).expect(200);
    expect(status.body.data.status).toBe('PAID');
    const paid = hooksA.received.find((hook) => hook.body.type === 'order.status_changed' || hook.body.type.includes('paid'));
    expect(paid?.body.createdAt).toBe('2026-05-01T08:10:00.000Z');
    expect(hooksB.received).toEqual([]);
  });

  it('the request journal reads each tenant\'s own time', async () => {
    const t = await createTestApp();
    const a = await tenant(t, { clientId: 'job-a' });
    await t.http.post('/__admin/clients/job-a/clock/set').send({ at: '2030-01-01T00:00:00Z' }).expect(200);
    await t.http.get('/v1/products').set(bearer(await tokenOf(t, a))).expect(200);
    const journal = await t.http.get('/__admin/requests').query({ clientId: 'job-a', path: '/v1/products' }).expect(200);
    expect(journal.body.data[0].receivedAt.slice(0, 10)).toBe('2030-01-01');
  });

  it('a tenant is rate limited apart from another tenant calling from the same IP', async () => {
    const t = await createTestApp({ rateLimit: { limit: 3, windowSeconds: 60 } });
    const [a, b] = [await tenant(t), await tenant(t)];
    const [tokenA, tokenB] = [await tokenOf(t, a), await tokenOf(t, b)];
    for (let call = 0; call < 3; call += 1) await t.http.get('/v1/products').set(bearer(tokenA));
    expect((await t.http.get('/v1/products').set(bearer(tokenA))).status).toBe(429);
    expect((await t.http.get('/v1/products').set(bearer(tokenB))).status).toBe(200);
  });

  it('DELETE /clients/{id}/clock: the client follows the global clock again', async () => {
    const t = await createTestApp();
    const a = await tenant(t, { clientId: 'job-a' });
    const released = await t.http.delete('/__admin/clients/job-a/clock').expect(200);
    expect(released.body.data).toMatchObject({ clientId: 'job-a', own: false, now: '2026-03-02T10:00:00.000Z' });
    expect((await t.http.get('/__admin/clock').expect(200)).body.data.clientsWithOwnClock).toEqual([]);
    expect(a.clock.own).toBe(true);
  });

  it('seeds a tenant\'s data on its own clock, with ids no other tenant shares', async () => {
    const t = await createTestApp();
    const a = await tenant(t, { clientId: 'job-a', seedData: 'default', seed: 7 });
    const b = await tenant(t, { clientId: 'job-b', seedData: 'default', seed: 7 });
    expect(a.records).toBeGreaterThan(50);
    expect(b.records).toBe(a.records);
    const [productsA, productsB] = [
      (await t.http.get('/v1/products').query({ limit: 100 }).set(bearer(await tokenOf(t, a))).expect(200)).body.data as Array<{ id: string }>,
      (await t.http.get('/v1/products').query({ limit: 100 }).set(bearer(await tokenOf(t, b))).expect(200)).body.data as Array<{ id: string }>,
    ];
    expect(productsA.length).toBeGreaterThan(0);
    expect(productsA.map((product) => product.id).filter((id) => productsB.some((other) => other.id === id))).toEqual([]);
  });

  it('DELETE /tenants/{id} removes the client with its records, tokens, deliveries, journal entries and clock', async () => {
    const t = await createTestApp();
    const a = await tenant(t, { clientId: 'job-a', seedData: 'default' });
    const token = await tokenOf(t, a);
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    const deleted = await t.http.delete('/__admin/tenants/job-a').expect(200);
    expect(deleted.body.data).toMatchObject({ clientId: 'job-a', deleted: true });
    expect(deleted.body.data.records).toBeGreaterThan(a.records);
    expect(t.store.dump().collections.products).toSatisfy((products: Record<string, { clientId: string }>) => Object.values(products).every((product) => product.clientId !== 'job-a'));
    expect(Object.values(t.store.dump().collections.tokens).filter((record) => record.clientId === 'job-a')).toEqual([]);
    expect((await t.http.get('/__admin/requests').query({ clientId: 'job-a' }).expect(200)).body.data).toEqual([]);
    expect((await t.http.get('/__admin/clock').expect(200)).body.data.clientsWithOwnClock).toEqual([]);
    expect((await t.http.get('/v1/products').set(bearer(token)).expect(401)).body.error).toBe('invalid_token');
    await t.http.get('/__admin/clients/job-a/clock').expect(404);
  });

  it('DELETE /tenants/{id} on a file store journals a line naming the tenant, none of the store it leaves, and a restart agrees', async () => {
    const dir = await makeTempDir();
    try {
      const file = dir.file('data.json');
      const t = await createTestApp({}, { store: await openStore({ file }) });
      await tokenOf(t, await tenant(t, { clientId: 'job-a', seedData: 'default' }));
      await tenant(t, { clientId: 'job-b', seedData: 'default' });
      const kept = t.store.list('products', 'job-b').map((record) => record.id);
      expect(kept.length).toBeGreaterThan(0);
      await t.store.commit();
      const before = await journalText(`${file}.journal`);
      await t.http.delete('/__admin/tenants/job-a').expect(200);
      await t.store.commit();
      const added = (await journalText(`${file}.journal`)).slice(before.length);
      expect(added).toContain('{"op":"removeClient","client":"job-a","meta":["tokens:job-a"]}\n');
      // Besides it, the registry of clients and clocks (a few lines): no record of the tenant that stays.
      for (const id of kept) expect(added).not.toContain(id);
      expect(added.length).toBeLessThan(2048);
      await t.store.close();
      const reopened = await openStore({ file });
      expect(reopened.list('products', 'job-a')).toEqual([]);
      expect(reopened.list('products', 'job-b').map((record) => record.id)).toEqual(kept);
      await reopened.close();
    } finally {
      await dir.remove();
    }
  });

  it('refusals change nothing: an unknown client (404), a taken id (409), an unknown scenario (400), a clock out of range (400)', async () => {
    const t = await createTestApp();
    expect((await t.http.post('/__admin/clients/nobody/clock/advance').send({ seconds: 1 }).expect(404)).body.error).toBe('not_found');
    await t.http.delete('/__admin/tenants/nobody').expect(404);
    expect((await t.http.post('/__admin/tenants').send({ clientId: 'mock-client' }).expect(409)).body.error).toBe('conflito');
    expect((await t.http.post('/__admin/tenants').send({ clientId: 'job-x', scenario: 'no-such-scenario' }).expect(400)).body.details).toEqual([{ path: 'scenario', message: 'cenário desconhecido: no-such-scenario' }]);
    expect((await t.http.get('/__admin/clients').expect(200)).body.data.map((client: { clientId: string }) => client.clientId)).not.toContain('job-x');
    const refused = await t.http.post('/__admin/clients/mock-client/clock/set').send({ at: '9500-01-01T00:00:00Z' }).expect(400);
    expect(refused.body.error).toBe('invalid_request');
    expect((await t.http.get('/__admin/clients/mock-client/clock').expect(200)).body.data.own).toBe(false);
    expect((await t.http.get('/__admin/clock').expect(200)).body.data.clientsWithOwnClock).toEqual([]);
  });

  it('two tenants moving their clocks while both send traffic: each sees only its own time', async () => {
    const t = await createTestApp();
    const [a, b] = [await tenant(t), await tenant(t)];
    const [tokenA, tokenB] = [await tokenOf(t, a), await tokenOf(t, b)];
    const traffic = (token: string) => Promise.all(Array.from({ length: 20 }, () => t.http.get('/v1/products').set(bearer(token))));
    const [, , , answersA, answersB] = await Promise.all([
      t.http.post(`/__admin/clients/${a.clientId}/clock/advance`).send({ seconds: 600 }),
      t.http.post(`/__admin/clients/${b.clientId}/clock/set`).send({ at: '2027-01-01T00:00:00Z' }),
      t.http.post(`/__admin/clients/${a.clientId}/clock/advance`).send({ seconds: 600 }),
      traffic(tokenA),
      traffic(tokenB),
    ]);
    expect(answersA.every((answer) => answer.status === 200)).toBe(true);
    // B's token was issued at FROZEN; B's clock now reads eight months later: expired, while A's (20 min on) is not.
    expect((await t.http.get('/v1/products').set(bearer(tokenB))).body.error).toBe('TOKEN_EXPIRADO');
    expect(answersB.length).toBe(20);
    await t.http.get('/v1/products').set(bearer(tokenA)).expect(200);
    expect((await t.http.get(`/__admin/clients/${a.clientId}/clock`)).body.data.now).toBe('2026-05-01T08:20:00.000Z');
    expect((await t.http.get(`/__admin/clients/${b.clientId}/clock`)).body.data.now).toBe('2027-01-01T00:00:00.000Z');
  });
});
