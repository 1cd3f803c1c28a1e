import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

async function setup(): Promise<TestApp & { auth: { Authorization: string } }> {
  const t = await createTestApp();
  return { ...t, auth: bearer(await tokenFor(t)) };
}

const NEW_DATA = {
  plan: { originPlanId: 'PLAN-1', name: 'Mensal', price: 499, interval: 'monthly' },
  customer: { merchantCustomerId: 'CUST-1', name: 'Ana Muianga', email: 'ana@example.co.mz' },
  name: 'Assinatura Ana',
  maxAttempts: 4,
};

describe('subscriptions', () => {
  it('creates from new data, upserting the plan and the customer', async () => {
    const t = await setup();
    const response = await t.http.post('/v1/subscriptions').set(t.auth).send(NEW_DATA).expect(201);
    const subscription = response.body.data;
    expect(subscription).toEqual(
      expect.objectContaining({
        status: 'PENDING',
        name: 'Assinatura Ana',
        attempts: 0,
        maxAttempts: 4,
        currentPeriodStart: '2026-03-02T10:00:00.000Z',
        currentPeriodEnd: '2026-04-02T10:00:00.000Z',
      }),
    );
    expect(subscription.id).toMatch(/^sub_/);
    const plans = await t.http.get('/v1/plans').set(t.auth).expect(200);
    expect(plans.body.data).toEqual([expect.objectContaining({ id: subscription.planId, originPlanId: 'PLAN-1' })]);
    const again = await t.http.post('/api/subscriptions').set(t.auth).send(NEW_DATA).expect(201);
    expect(again.body.data.planId).toBe(subscription.planId);
    expect(again.body.data.customerId).toBe(subscription.customerId);
    expect(t.store.count('plans')).toBe(1);
    expect(t.store.count('customers')).toBe(1);
  });

  it('creates from existing records and defaults maxAttempts to 3', async () => {
    const t = await setup();
    const plan = await t.http.post('/v1/plans').set(t.auth).send({ name: 'Anual', price: 4999, interval: 'yearly' }).expect(201);
    const customer = await t.http.post('/v1/customers').set(t.auth).send({ name: 'Rui Cossa' }).expect(201);
    const response = await t.http
      .post('/api/v1/subscriptions')
      .set(t.auth)
      .send({ plan: { planId: plan.body.data.id }, customer: { customerId: customer.body.data.id } })
      .expect(201);
    expect(response.body.data).toEqual(
      expect.objectContaining({ maxAttempts: 3, currentPeriodEnd: '2027-03-02T10:00:00.000Z' }),
    );
    const payments = await t.http.get('/v1/payments').set(t.auth).expect(200);
    expect(payments.body.data).toEqual([expect.objectContaining({ subscriptionId: response.body.data.id, amount: 4999, status: 'PENDING' })]);
  });

  it('refuses unknown plan and customer references, writing nothing', async () => {
    const t = await setup();
    const response = await t.http
      .post('/v1/subscriptions')
      .set(t.auth)
      .send({ plan: { planId: 'plan_nope' }, customer: { customerId: 'cus_nope' } })
      .expect(400);
    expect(response.body.details.map((detail: { path: string }) => detail.path)).toEqual(['plan.planId', 'customer.customerId']);
    expect(t.store.count('subscriptions') + t.store.count('payments')).toBe(0);
  });

  it('refuses a subscription without plan or customer, writing nothing', async () => {
    const t = await setup();
    const response = await t.http.post('/v1/subscriptions').set(t.auth).send({ name: 'x' }).expect(400);
    expect(response.body.error).toBe('invalid_request');
    const paths = response.body.details.map((detail: { path: string }) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['plan', 'customer']));
    expect(t.store.count('subscriptions') + t.store.count('plans') + t.store.count('customers') + t.store.count('payments')).toBe(0);
  });

  it('refuses new plan data with an unknown customer reference, storing neither plan nor subscription', async () => {
    const t = await setup();
    const response = await t.http
      .post('/v1/subscriptions')
      .set(t.auth)
      .send({ plan: NEW_DATA.plan, customer: { customerId: 'cus_nope' } })
      .expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details.map((detail: { path: string }) => detail.path)).toEqual(['customer.customerId']);
    expect(t.store.count('plans') + t.store.count('subscriptions') + t.store.count('customers') + t.store.count('payments')).toBe(0);
    const plans = await t.http.get('/v1/plans').set(t.auth).expect(200);
    expect(plans.body.pagination.total).toBe(0);
  });

  it('sync is create-or-get by originSubscriptionId: 201, then 200 unchanged', async () => {
    const t = await setup();
    const body = { ...NEW_DATA, originSubscriptionId: 'SUB-1' };
    const first = await t.http.post('/v1/subscriptions/sync').set(t.auth).send(body).expect(201);
    t.clock.advance(60);
    const second = await t.http.post('/v1/subscriptions/sync').set(t.auth).send({ ...body, name: 'ignored' }).expect(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(t.store.count('subscriptions')).toBe(1);
    const missingKey = await t.http.post('/v1/subscriptions/sync').set(t.auth).send(NEW_DATA).expect(400);
    expect(missingKey.body.details).toContainEqual(expect.objectContaining({ path: 'originSubscriptionId' }));
  });

  it('lists and gets, 404 on unknown id', async () => {
    const t = await setup();
    const created = await t.http.post('/v1/subscriptions').set(t.auth).send(NEW_DATA).expect(201);
    const list = await t.http.get('/v1/subscriptions').set(t.auth).expect(200);
    expect(list.body.data).toEqual([created.body.data]);
    await t.http.get(`/api/subscriptions/${created.body.data.id}`).set(t.auth).expect(200);
    const missing = await t.http.get('/v1/subscriptions/sub_nope').set(t.auth).expect(404);
    expect(missing.body.error).toBe('not_found');
  });
});
