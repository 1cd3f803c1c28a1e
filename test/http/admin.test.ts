import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/platform/log.ts';
import { openStore } from '../../src/store/index.ts';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';

describe('admin API', () => {
  it('reads and moves the clock', async () => {
    const t = await createTestApp();
    const read = await t.http.get('/__admin/clock').expect(200);
    expect(read.body.data).toEqual(expect.objectContaining({ now: '2026-03-02T10:00:00.000Z', frozen: true }));
    const advanced = await t.http.post('/__admin/clock').send({ advanceSeconds: 3600 }).expect(200);
    expect(advanced.body.data.now).toBe('2026-03-02T11:00:00.000Z');
    const set = await t.http.post('/__admin/clock').send({ set: '2027-01-01T00:00:00Z' }).expect(200);
    expect(set.body.data.now).toBe('2027-01-01T00:00:00.000Z');
    const thawed = await t.http.post('/__admin/clock').send({ freeze: false }).expect(200);
    expect(thawed.body.data.frozen).toBe(false);
  });

  it('expires tokens when the clock is moved through the admin API', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.post('/__admin/clock').send({ advanceSeconds: 3600 }).expect(200);
    const response = await t.http.get('/v1/products').set(bearer(token)).expect(401);
    expect(response.body.error).toBe('TOKEN_EXPIRADO');
  });

  it('answers a wrong method with 405 and Allow, and an oversized body with 413, leaving the clock alone', async () => {
    const t = await createTestApp();
    const wrong = await t.http.delete('/__admin/clock').expect(405);
    expect(wrong.body.error).toBe('method_not_allowed');
    expect(wrong.headers['allow']).toBe('GET, HEAD, POST');
    expect((await t.http.get('/__admin/reset').expect(405)).headers['allow']).toBe('POST');
    const huge = await t.http.post('/__admin/clock').send({ advanceSeconds: 60, pad: 'x'.repeat(70_000) }).expect(413);
    expect(huge.body.error).toBe('invalid_request');
    expect((await t.http.get('/__admin/clock').expect(200)).body.data.now).toBe('2026-03-02T10:00:00.000Z');
  });

  it('refuses a bad clock change with 400 and leaves the clock alone', async () => {
    const t = await createTestApp();
    for (const body of [{}, { advanceSeconds: 'soon' }, { set: 'yesterday' }, { rewind: 1 }]) {
      const response = await t.http.post('/__admin/clock').send(body).expect(400);
      expect(response.body.error).toBe('invalid_request');
    }
    expect(t.clock.now().toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });

  it('keeps the clock where every derived time is a valid date-time: 1970 to 9000', async () => {
    const t = await createTestApp();
    for (const [body, path] of [
      [{ set: '9999-12-31T23:30:00Z' }, 'set'],
      [{ set: '1969-12-31T23:59:59Z' }, 'set'],
      [{ advanceSeconds: 1e12 }, 'advanceSeconds'],
      // The instant set is in range; the advance after it is what leaves it.
      [{ set: '8999-12-31T00:00:00Z', advanceSeconds: 86_400 }, 'advanceSeconds'],
    ] as const) {
      const response = await t.http.post('/__admin/clock').send(body).expect(400);
      expect(response.body.details).toEqual([{ path, message: 'o relógio deve ficar entre 1970-01-01T00:00:00.000Z e 9000-01-01T00:00:00.000Z' }]);
    }
    expect(t.clock.now().toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });

  it('at the end of the range, a token and a 120-year billing period still read as valid date-times', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clock').send({ set: '8999-12-31T23:59:00Z' }).expect(200);
    const token = await tokenFor(t);
    const listed = await t.http.get('/v1/auth/token/list').set(bearer(token)).expect(200);
    expect(listed.body.data[0].expiresAt).toBe('9000-01-01T00:59:00.000Z');
    const subscription = await t.http
      .post('/v1/subscriptions')
      .set(bearer(token))
      .send({ plan: { originPlanId: 'P', name: 'Século', price: 1, interval: 'yearly', intervalCount: 120 }, customer: { merchantCustomerId: 'C', name: 'Ana' } })
      .expect(201);
    expect(subscription.body.data.currentPeriodEnd).toBe('9119-12-31T23:59:00.000Z');
  });

  it('a reset whose write fails answers the JSON 500 and logs the cause', async () => {
    const store = await openStore({});
    const failingCommit = () => Promise.reject(new Error('ENOSPC: no space left on device'));
    const full = new Proxy(store, {
      get: (target, key) => (key === 'commit' ? failingCommit : (Reflect.get(target, key) as (...args: unknown[]) => unknown).bind(target)),
    });
    const logged: string[] = [];
    const t = await createTestApp({}, { store: full, logger: { ...silentLogger, error: (line) => logged.push(line) } });
    const response = await t.http.post('/__admin/reset').expect(500);
    expect(response.body).toMatchObject({ error: 'erro_interno', requestId: response.headers['x-request-id'] });
    expect(logged.join('\n')).toContain('ENOSPC');
  });

  it('reset empties the store', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.post('/v1/products/create').set(bearer(token)).send({ name: 'Capulana', price: 350 }).expect(201);
    await t.http.post('/__admin/reset').expect(200);
    expect(t.store.count('products')).toBe(0);
    expect(t.store.count('tokens')).toBe(0);
  });

  it('is refused on a non-loopback host without the admin token, and allowed with it', async () => {
    const closed = await createTestApp({ host: '0.0.0.0' });
    const refused = await closed.http.get('/__admin/clock').expect(401);
    expect(refused.body.error).toBe('invalid_token');
    const guarded = await createTestApp({ host: '0.0.0.0', adminToken: 'let-me-in-please' });
    await guarded.http.get('/__admin/clock').expect(401);
    await guarded.http.get('/__admin/clock').set(bearer('wrong-token')).expect(401);
    await guarded.http.get('/__admin/clock').set(bearer('let-me-in-please')).expect(200);
  });

  it('takes the admin token whatever the case of the scheme name, as the API does (RFC 9110 §11.1)', async () => {
    const guarded = await createTestApp({ host: '0.0.0.0', adminToken: 'let-me-in-please' });
    await guarded.http.get('/__admin/clock').set('Authorization', 'bearer let-me-in-please').expect(200);
    await guarded.http.get('/__admin/clock').set('Authorization', 'BEARER  let-me-in-please').expect(200);
    await guarded.http.get('/__admin/clock').set('Authorization', 'Basic let-me-in-please').expect(401);
  });
});
