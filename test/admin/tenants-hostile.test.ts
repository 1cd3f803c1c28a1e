/**
 * Tenants and per-client clocks under hostile input: a webhook URL that spells another mock's admin API any way is
 * refused with nothing created; the tenant's secret reaches no log line; a jump past the catch-up bound on a
 * client's clock is refused with nothing changed; a run until idle that never goes idle stops at its bound.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/log.ts';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';

const ids = async (t: TestApp) => ((await t.http.get('/__admin/clients').expect(200)).body.data as Array<{ clientId: string }>).map((client) => client.clientId);

async function weeklySubscription(t: TestApp, who: { clientId: string; clientSecret: string }) {
  const issued = await t.http.post('/v1/auth/token').send({ client_id: who.clientId, client_secret: who.clientSecret }).expect(200);
  await t.http
    .post('/v1/subscriptions')
    .set(bearer(issued.body.data.access_token))
    .send({ originSubscriptionId: 'SUB-W', plan: { originPlanId: 'PLAN-W', name: 'Semanal', price: 10, interval: 'weekly' }, customer: { merchantCustomerId: 'C-W', name: 'Ana' } })
    .expect(201);
}

describe('tenants, hostile', () => {
  it.each(['/__ADMIN/reset', '/%5F%5Fadmin/reset', '/x/../__admin/reset', '//__admin/reset', '/__admin/'])(
    'a webhook URL spelling the admin API as %s is refused (400 naming url) and no tenant is made',
    async (path) => {
      const t = await createTestApp();
      const before = await ids(t);
      const refused = await t.http.post('/__admin/tenants').send({ clientId: 'job-x', webhook: { url: `http://127.0.0.1:4999${path}` } }).expect(400);
      expect(refused.body.error).toBe('invalid_request');
      expect(refused.body.details?.[0]?.path).toBe('url');
      expect(await ids(t)).toEqual(before);
      expect((await t.http.get('/__admin/clock').expect(200)).body.data.clientsWithOwnClock).toEqual([]);
    },
  );

  it('the secret a tenant is given, or gives, reaches no log line', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ logLevel: 'debug' }, { logger: createLogger('debug', (line) => lines.push(line)) });
    const made = await t.http.post('/__admin/tenants').send({ clientId: 'job-a' }).expect(201);
    await t.http.post('/__admin/tenants').send({ clientId: 'job-b', clientSecret: 'tenant-given-secret-1' }).expect(201);
    await t.http.post('/v1/auth/token').send({ client_id: 'job-b', client_secret: 'tenant-given-secret-1' }).expect(200);
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [made.body.data.clientSecret as string, 'tenant-given-secret-1']) expect(lines.join('')).not.toContain(secret);
  });

  it('a jump of a client\'s clock past maxCatchUpPeriods is refused naming seconds, the client still on the global clock', async () => {
    const t = await createTestApp({ maxCatchUpPeriods: 10 });
    await weeklySubscription(t, { clientId: 'mock-client', clientSecret: 'mock-secret' });
    const refused = await t.http.post('/__admin/clients/mock-client/clock/advance').send({ seconds: 52 * 7 * 86_400 }).expect(400);
    expect(refused.body.details?.[0]?.path).toBe('seconds');
    expect((await t.http.get('/__admin/clients/mock-client/clock').expect(200)).body.data).toMatchObject({ own: false, now: '2026-03-02T10:00:00.000Z' });
  });

  it('a run until idle that keeps finding something due stops at its bound of moves, not idle, and says what comes next', async () => {
    const t = await createTestApp({ maxCatchUpPeriods: 10_000 });
    const tenant = (await t.http.post('/__admin/tenants').send({ clientId: 'job-w', clock: { frozenAt: '2026-05-01T08:00:00Z' } }).expect(201)).body.data;
    await weeklySubscription(t, tenant);
    const run = await t.http.post('/__admin/clients/job-w/clock/run-until-idle').send({ maxSeconds: 100 * 365 * 86_400 }).expect(200);
    expect(run.body.data).toMatchObject({ moves: 1000, idle: false });
    expect(Date.parse(run.body.data.nextDueAt)).toBeGreaterThan(Date.parse(run.body.data.now));
    // A run past the document's bound is refused before anything moves.
    await t.http.post('/__admin/clients/job-w/clock/run-until-idle').send({ maxSeconds: 1e12 }).expect(400);
  }, 60_000);
});
