/**
 * Outcome coverage as an integration builds it: each answer and each answered delivery marks what the client met,
 * and what it does next marks what it handled; per client, read and cleared through /__admin/coverage.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_BODY } from '../support/admin-helpers.ts';
import { bearer, CLIENT, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { appSendingTo, payAnOrder } from '../support/webhook-support.ts';
import { receiversClosedAfterEach, until } from '../support/webhook-receiver.ts';

const receiver = receiversClosedAfterEach();

interface Coverage {
  clientId: string;
  counts: { total: number; met: number; handled: number; notMet: number };
  outcomes: Array<{ id: string; status: string; provoke: string; handledRule?: string; metAt?: string }>;
}

async function coverageOf(t: TestApp, clientId = 'mock-client'): Promise<Coverage> {
  return (await t.http.get('/__admin/coverage').query({ clientId }).expect(200)).body.data as Coverage;
}

const withStatus = (coverage: Coverage, status: string) => coverage.outcomes.filter((outcome) => outcome.status === status).map((outcome) => outcome.id).sort();
const met = (coverage: Coverage) => [...withStatus(coverage, 'met'), ...withStatus(coverage, 'handled')].sort();

describe('outcome coverage of an integration', () => {
  it('lists exactly what the integration met, the refresh after an expired token as handled, and the rest as not met', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const placed = await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201);
    const orderId = (placed.body as { data: { id: string } }).data.id;
    await t.http.post('/v1/orders').set(bearer(token)).send({ items: [] }).expect(400);
    await t.http.post(`/__admin/orders/${orderId}/transition`).send({ status: 'PAID' }).expect(200);
    await t.http.get(`/v1/orders/${orderId}`).set(bearer(token)).expect(200);
    await t.http.post('/__admin/clients/mock-client/tokens/expire').expect(200);
    const refused = await t.http.get(`/v1/orders/${orderId}`).set(bearer(token)).expect(401);
    expect(refused.body.error).toBe('TOKEN_EXPIRADO');
    const fresh = await tokenFor(t);
    await t.http.get(`/v1/orders/${orderId}`).set(bearer(fresh)).expect(200);

    const coverage = await coverageOf(t);
    expect(met(coverage)).toEqual(
      ['auth.token.expired', 'order.final.PAID', 'orders.create.201', 'orders.create.400.invalid_request', 'orders.get.200', 'tokens.issue.200'].sort(),
    );
    expect(withStatus(coverage, 'handled')).toEqual(['auth.token.expired']);
    expect(coverage.counts).toEqual({ total: coverage.outcomes.length, met: 6, handled: 1, notMet: coverage.outcomes.length - 6 });
    const missing = coverage.outcomes.find((outcome) => outcome.id === 'payer.INSUFFICIENT_BALANCE');
    expect(missing).toMatchObject({ status: 'not-met', provoke: expect.stringContaining('+258 84 000 0001') });
    expect(coverage.outcomes.find((outcome) => outcome.id === 'auth.token.expired')?.metAt).toBe('2026-03-02T10:00:00.000Z');
  });

  it('an expired token followed by a retry without a new token is met, not handled', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.post('/__admin/clients/mock-client/tokens/expire').expect(200);
    await t.http.get('/v1/products').set(bearer(token)).expect(401);
    await t.http.get('/v1/products').set(bearer(token)).expect(401);
    const coverage = await coverageOf(t);
    expect(coverage.outcomes.find((outcome) => outcome.id === 'auth.token.expired')?.status).toBe('met');
  });

  it('a 429 is handled only when the next request waits Retry-After on the client’s clock', async () => {
    const t = await createTestApp({ clients: [{ ...clientOf(), scenario: 'rate-limited' }] });
    const token = await tokenFor(t);
    const hurried = await exhaust(t, token);
    await t.http.get('/v1/products').set(bearer(token)).expect(429);
    expect((await coverageOf(t)).outcomes.find((outcome) => outcome.id === 'rate-limit.429')?.status).toBe('met');
    await t.http.post('/__admin/clock/advance').send({ seconds: hurried }).expect(200);
    await t.http.get('/v1/products').set(bearer(token));
    expect((await coverageOf(t)).outcomes.find((outcome) => outcome.id === 'rate-limit.429')?.status).toBe('handled');
  });

  it('a webhook answered 5xx, then acknowledged at its retry, is handled; deliveries mark the order and payer outcomes', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url);
    hooks.status = 503;
    await payAnOrder(t);
    await until(() => hooks.received.length >= 2, 'the first attempts');
    await t.core.webhooks.idle();
    expect(withStatus(await coverageOf(t), 'met')).toContain('webhook.retried-after-5xx');
    hooks.status = 200;
    await t.http.post('/__admin/clock/advance').send({ seconds: 10 }).expect(200);
    await until(() => hooks.received.length >= 4, 'the retries');
    await t.core.webhooks.idle();
    const coverage = await coverageOf(t);
    expect(withStatus(coverage, 'handled')).toContain('webhook.retried-after-5xx');
    expect(met(coverage)).toEqual(expect.arrayContaining(['webhook.event.order.status_changed', 'webhook.event.payment.status_changed', 'order.final.PAID']));
    expect(met(coverage)).not.toContain('webhook.delivered');
  });

  it('is per client: a tenant reads its own, and a token request that only names a client records nothing', async () => {
    const t = await createTestApp();
    const tenant = (await t.http.post('/__admin/tenants').send({ seedData: 'none' }).expect(201)).body.data as { clientId: string; clientSecret: string };
    await tokenFor(t, { client_id: tenant.clientId, client_secret: tenant.clientSecret });
    await t.http.post('/v1/auth/token').send({ ...CLIENT, client_secret: 'wrong' }).expect(401);
    await t.http.post('/v1/auth/token').send({ client_id: 'nobody', client_secret: 'x' }).expect(401);
    expect(met(await coverageOf(t, tenant.clientId))).toEqual(['tokens.issue.200']);
    expect(met(await coverageOf(t))).toEqual([]);
    // A refresh proves its client by the refresh token it holds: its wrong secret is the client's own outcome.
    const issued = (await t.http.post('/v1/auth/token').send(CLIENT).expect(200)).body.data as { refresh_token: string };
    await t.http.post('/v1/auth/token/refresh').send({ ...CLIENT, client_secret: 'wrong', refresh_token: issued.refresh_token }).expect(401);
    expect(met(await coverageOf(t))).toEqual(['auth.client.invalid', 'tokens.issue.200']);
    const unknown = await t.http.get('/__admin/coverage').query({ clientId: 'nobody' }).expect(404);
    expect(unknown.body.error).toBe('not_found');
    await t.http.get('/__admin/coverage').expect(400);
  });

  it('DELETE starts a client afresh, and leaves the others', async () => {
    const t = await createTestApp();
    const tenant = (await t.http.post('/__admin/tenants').send({ seedData: 'none' }).expect(201)).body.data as { clientId: string; clientSecret: string };
    await tokenFor(t, { client_id: tenant.clientId, client_secret: tenant.clientSecret });
    await tokenFor(t);
    const cleared = await t.http.delete('/__admin/coverage').query({ clientId: 'mock-client' }).expect(200);
    expect(cleared.body.data).toEqual({ cleared: 1 });
    expect((await coverageOf(t)).counts.met).toBe(0);
    expect(met(await coverageOf(t, tenant.clientId))).toEqual(['tokens.issue.200']);
  });
});

function clientOf() {
  return { clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret, active: true };
}

/** Sends until refused; answers the Retry-After of the refusal. */
async function exhaust(t: TestApp, token: string): Promise<number> {
  for (let sent = 0; sent < 200; sent += 1) {
    const answer = await t.http.get('/v1/products').set(bearer(token));
    if (answer.status === 429) return Number(answer.headers['retry-after']);
  }
  throw new Error('never refused');
}
