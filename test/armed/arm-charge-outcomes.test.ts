/**
 * Armed charge outcomes: the client's next subscription charge ends as armed (past due, cancelled once its
 * retries are exhausted, or paid although the scenario fails it), then billing is as before.
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

const ARMED = '/__admin/clients/mock-client/armed';
const DAY = 86_400;

async function subscribed(t: TestApp, token: string, name: string): Promise<string> {
  const body = {
    plan: { originPlanId: 'PLAN-M', name: 'Mensal', price: 499, interval: 'monthly' },
    customer: { merchantCustomerId: `CUST-${name}`, name: 'Ana Muianga', phone: '841234567' },
  };
  return (await t.http.post('/v1/subscriptions').set(bearer(token)).send(body).expect(201)).body.data.id;
}

/** Read with a fresh token: a day's clock move outlives the one the test started with. */
async function statusOf(t: TestApp, id: string): Promise<string> {
  return (await t.http.get(`/v1/subscriptions/${id}`).set(bearer(await tokenFor(t))).expect(200)).body.data.status;
}

async function advance(t: TestApp, seconds: number): Promise<void> {
  await t.http.post('/__admin/clock/advance').send({ seconds }).expect(200);
}

describe('arming a charge outcome', () => {
  it('subscription.state.PAST_DUE: the next charge fails; the other subscription is charged as before', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.post(ARMED).send({ outcome: 'subscription.state.PAST_DUE' }).expect(201);
    const first = await subscribed(t, token, 'a');
    await advance(t, 61);
    const second = await subscribed(t, token, 'b');
    await advance(t, 61);
    expect([await statusOf(t, first), await statusOf(t, second)]).toEqual(['PAST_DUE', 'ACTIVE']);
    const [arm] = (await t.http.get(ARMED).expect(200)).body.data;
    expect(arm).toMatchObject({ remaining: 0, fired: 1, firings: [{ recordId: first }] });
    // The retry a day later is paid: the world is as before.
    await advance(t, DAY + 61);
    expect(await statusOf(t, first)).toBe('ACTIVE');
  });

  it('subscription.state.CANCELLED: the charge and every retry fail until the subscription is cancelled', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.post(ARMED).send({ outcome: 'subscription.state.CANCELLED' }).expect(201);
    const id = await subscribed(t, token, 'a');
    for (let day = 0; day < 4; day += 1) await advance(t, DAY + 61);
    expect(await statusOf(t, id)).toBe('CANCELLED');
    const coverage = (await t.http.get('/__admin/coverage').query({ clientId: 'mock-client' }).expect(200)).body.data;
    expect(coverage.outcomes.find((one: { id: string }) => one.id === 'subscription.state.CANCELLED').status).toBe('met');
  });

  it('subscription.state.ACTIVE: a charge the scenario fails is paid', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.put('/__admin/scenarios/active').send({ name: 'subscription-retries-exhausted', clientId: 'mock-client' }).expect(200);
    await t.http.post(ARMED).send({ outcome: 'subscription.state.ACTIVE' }).expect(201);
    const paid = await subscribed(t, token, 'a');
    await advance(t, 61);
    const failed = await subscribed(t, token, 'b');
    await advance(t, 61);
    expect([await statusOf(t, paid), await statusOf(t, failed)]).toEqual(['ACTIVE', 'PAST_DUE']);
  });
});
