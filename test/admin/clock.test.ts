import { describe, expect, it } from 'vitest';
import { loadAdminDocument } from '../../src/openapi/spec-document.ts';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';
import { callWith, clockNow, placeOrder } from '../support/admin-helpers.ts';

const START = '2026-03-02T10:00:00.000Z';

describe('admin clock', () => {
  it('GET /clock reads the mock clock: its instant, frozen flag and offset from real time', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/__admin/clock').expect(200);
    expect(response.body.data).toEqual({ now: START, frozen: true, offsetMs: expect.any(Number), clientsWithOwnClock: [] });
    // Mock time minus real time: the frozen instant lies in the past of the machine running the test.
    expect(Math.abs(response.body.data.offsetMs - (Date.parse(START) - Date.now()))).toBeLessThan(5000);
  });

  it('POST /clock/advance moves the clock forward by whole and fractional seconds', async () => {
    const t = await createTestApp();
    const advanced = await t.http.post('/__admin/clock/advance').send({ seconds: 90 }).expect(200);
    expect(advanced.body.data).toMatchObject({ now: '2026-03-02T10:01:30.000Z', frozen: true });
    await t.http.post('/__admin/clock/advance').send({ seconds: 0.5 }).expect(200);
    expect(await clockNow(t)).toBe('2026-03-02T10:01:30.500Z');
    await t.http.post('/__admin/clock/advance').send({ seconds: 0 }).expect(200);
    expect(await clockNow(t)).toBe('2026-03-02T10:01:30.500Z');
  });

  it('a token issued before the clock moves past its lifetime answers 401 TOKEN_EXPIRADO, and not a second before', async () => {
    const t = await createTestApp();
    const issued = await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(200);
    const { access_token: token, expires_in: ttl } = issued.body.data as { access_token: string; expires_in: number };
    await t.http.post('/__admin/clock/advance').send({ seconds: ttl - 1 }).expect(200);
    expect(await callWith(t, token)).toEqual({ status: 200 });
    await t.http.post('/__admin/clock/advance').send({ seconds: 1 }).expect(200);
    const expired = await t.http.get('/v1/products').set(bearer(token)).expect(401);
    expect(expired.body.error).toBe('TOKEN_EXPIRADO');
  });

  it('POST /clock/set puts the clock at an instant, forward or back', async () => {
    const t = await createTestApp();
    const forward = await t.http.post('/__admin/clock/set').send({ at: '2026-12-24T18:30:00+02:00' }).expect(200);
    expect(forward.body.data).toMatchObject({ now: '2026-12-24T16:30:00.000Z', frozen: true });
    await t.http.post('/__admin/clock/set').send({ at: '2025-01-01T00:00:00Z' }).expect(200);
    expect(await clockNow(t)).toBe('2025-01-01T00:00:00.000Z');
  });

  it('POST /clock/freeze and /clock/resume flip the frozen flag and keep the instant', async () => {
    const t = await createTestApp();
    const resumed = await t.http.post('/__admin/clock/resume').expect(200);
    expect(resumed.body.data.frozen).toBe(false);
    expect(Date.parse(resumed.body.data.now) - Date.parse(START)).toBeLessThan(1000);
    const frozen = await t.http.post('/__admin/clock/freeze').expect(200);
    expect(frozen.body.data.frozen).toBe(true);
    const at = frozen.body.data.now as string;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await t.http.get('/__admin/clock').expect(200)).body.data).toMatchObject({ now: at, frozen: true });
    // Freezing a frozen clock changes nothing.
    expect((await t.http.post('/__admin/clock/freeze').expect(200)).body.data).toMatchObject({ now: at, frozen: true });
  });

  it('a running clock moves on with real time', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clock/resume').expect(200);
    const before = Date.parse(await clockNow(t));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(Date.parse(await clockNow(t))).toBeGreaterThan(before);
  });

  it.each([
    ['advance without seconds', '/__admin/clock/advance', {}, 'seconds', 'campo obrigatório'],
    ['advance backwards', '/__admin/clock/advance', { seconds: -1 }, 'seconds', 'deve ser maior ou igual a 0'],
    ['advance by text', '/__admin/clock/advance', { seconds: '60' }, 'seconds', 'deve ser do tipo number'],
    ['advance with an unknown field', '/__admin/clock/advance', { seconds: 1, minutes: 1 }, 'minutes', 'campo não permitido'],
    ['advance beyond a century', '/__admin/clock/advance', { seconds: 3155760001 }, 'seconds', 'deve ser menor ou igual a 3155760000'],
    ['set without at', '/__admin/clock/set', {}, 'at', 'campo obrigatório'],
    ['set to a non-date', '/__admin/clock/set', { at: 'tomorrow' }, 'at', 'formato inválido (date-time)'],
    ['set to a date without a time', '/__admin/clock/set', { at: '2026-03-03' }, 'at', 'formato inválido (date-time)'],
  ])('%s → 400 invalid_request naming the field, clock unchanged', async (_name, path, body, field, message) => {
    const t = await createTestApp();
    const response = await t.http.post(path).send(body).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: [{ path: field, message }] });
    expect(await clockNow(t)).toBe(START);
  });

  it.each([
    ['/__admin/clock/set', { at: '0578-05-13T00:00:00Z' }, 'at'],
    ['/__admin/clock/set', { at: '9000-01-01T00:00:00Z' }, 'at'],
    ['/__admin/clock/set', { at: '1970-01-01T00:30:00+01:00' }, 'at'],
    ['/__admin/clock', { set: '0578-05-13T00:00:00Z' }, 'set'],
    ['/__admin/clock', { advanceSeconds: -2.4e95 }, 'advanceSeconds'],
    ['/__admin/clock', { advanceSeconds: -1e10 }, 'advanceSeconds'],
    ['/__admin/clock', { set: '2026-01-01T00:00:00Z', advanceSeconds: -1e10 }, 'advanceSeconds'],
  ])('POST %s %j: outside 1970–9000, 400 naming %s, clock unchanged', async (path, body, field) => {
    const t = await createTestApp();
    const response = await t.http.post(path).send(body).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: [{ path: field, message: expect.stringContaining('9000-01-01T00:00:00.000Z') }] });
    expect(await clockNow(t)).toBe(START);
  });

  it('the document states the bounds it enforces: x-bounds on every clock field, minimum/maximum or pattern', () => {
    const document = loadAdminDocument() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, Record<string, unknown>> } }> } }>> };
    const fields = (path: string) => document.paths[path]?.['post']?.requestBody?.content['application/json']?.schema.properties ?? {};
    const frozenAt = (fields('/tenants')['clock']?.['properties'] as Record<string, Record<string, unknown>> | undefined)?.['frozenAt'];
    const bounded = [fields('/clock')['advanceSeconds'], fields('/clock')['set'], fields('/clock/advance')['seconds'], fields('/clock/set')['at'], frozenAt];
    for (const field of bounded) {
      expect(field?.['x-bounds']).toEqual({ from: '1970-01-01T00:00:00Z', until: '9000-01-01T00:00:00Z' });
      expect(field?.['type'] === 'number' ? [typeof field['minimum'], typeof field['maximum']] : [typeof field?.['pattern']]).not.toContain('undefined');
    }
  });

  it('refuses to advance past the end of the clock range, with the clock unchanged', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clock/set').send({ at: '8999-12-31T23:00:00Z' }).expect(200);
    const response = await t.http.post('/__admin/clock/advance').send({ seconds: 7200 }).expect(400);
    expect(response.body.details).toEqual([{ path: 'seconds', message: expect.stringContaining('9000-01-01T00:00:00.000Z') }]);
    expect(await clockNow(t)).toBe('8999-12-31T23:00:00.000Z');
  });

  it('refuses a clock call whose body is not JSON, clock unchanged', async () => {
    const t = await createTestApp();
    const malformed = await t.http.post('/__admin/clock/advance').set('Content-Type', 'application/json').send('{"seconds": 6').expect(400);
    expect(malformed.body.error).toBe('invalid_request');
    const missing = await t.http.post('/__admin/clock/set').expect(400);
    expect(missing.body).toMatchObject({ error: 'invalid_request', details: [{ path: 'body' }] });
    expect(await clockNow(t)).toBe(START);
  });

  describe('time steps of orders', () => {
    it('slow-payment: an order is PENDING at 599 s and PAID at 600 s, moved by the admin clock call without any status poll', async () => {
      const t = await createTestApp({ scenario: 'slow-payment' });
      const token = await tokenFor(t);
      const order = await placeOrder(t, token);
      expect(order.status).toBe('PENDING');

      await t.http.post('/__admin/clock/advance').send({ seconds: 599 }).expect(200);
      expect(t.store.get('orders', order.id)).toMatchObject({ status: 'PENDING' });
      expect((await t.http.get(`/v1/orders/${order.id}`).set(bearer(token)).expect(200)).body.data.status).toBe('PENDING');
      expect(t.events.map((event) => event.type)).not.toContain('order.paid');

      await t.http.post('/__admin/clock/advance').send({ seconds: 1 }).expect(200);
      // Moved by the clock call itself: the store and the events show it before any API call reads the order.
      expect(t.store.get('orders', order.id)).toMatchObject({ status: 'PAID' });
      expect(t.events.map((event) => event.type)).toEqual(expect.arrayContaining(['order.paid', 'payment.paid']));
      const read = await t.http.get(`/v1/orders/${order.id}`).set(bearer(token)).expect(200);
      expect(read.body.data.status).toBe('PAID');
      expect(read.body.data.statusHistory).toEqual([
        { status: 'PENDING', at: START },
        { status: 'PAID', at: '2026-03-02T10:10:00.000Z' },
      ]);
      const payments = await t.http.get('/v1/payments').query({ orderId: order.id }).set(bearer(token)).expect(200);
      expect(payments.body.data).toEqual([expect.objectContaining({ orderId: order.id, status: 'PAID' })]);
      expect(t.store.count('orderPolls')).toBe(0);
    });

    it('a jump well past the step dates the move at the step, not at the new clock', async () => {
      const t = await createTestApp({ scenario: 'slow-payment' });
      const token = await tokenFor(t);
      const order = await placeOrder(t, token);
      await t.http.post('/__admin/clock/set').send({ at: '2026-03-05T00:00:00Z' }).expect(200);
      expect(t.store.get('orders', order.id)).toMatchObject({ status: 'PAID', updatedAt: '2026-03-02T10:10:00.000Z' });
    });

    it('POST /clock (set and advance in one call) runs the due steps too', async () => {
      const t = await createTestApp({ scenario: 'slow-payment' });
      const token = await tokenFor(t);
      const order = await placeOrder(t, token);
      await t.http.post('/__admin/clock').send({ set: START, advanceSeconds: 600 }).expect(200);
      expect(t.store.get('orders', order.id)).toMatchObject({ status: 'PAID' });
    });
  });
});
