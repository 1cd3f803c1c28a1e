/**
 * The payer outcome catalogue in subscription billing: when the subscription's customer has a catalogue number,
 * each charge ends in that outcome, with its reason on the payment (docs/payer-outcomes.md).
 */
import { describe, expect, it } from 'vitest';
import { FAILURE_REASONS, catalogueNumber, payerOutcomeNamed } from '../../src/domain/payer-outcomes.ts';
import type { PaymentRecord, SubscriptionRecord } from '../../src/domain/records.ts';
import { bearer, createTestApp, tokenFor, withScenario, type TestApp } from '../support/test-app.ts';

const DAY = 86_400;

type Setup = TestApp & { auth: { Authorization: string } };

async function setup(options: Parameters<typeof createTestApp>[1] = {}, config = {}): Promise<Setup> {
  const t = await createTestApp({ tokens: { limitPolicy: 'revoke-oldest' }, ...config }, options);
  return { ...t, auth: bearer(await tokenFor(t)) };
}

async function subscribeWith(t: Setup, name: string): Promise<string> {
  const phone = catalogueNumber(payerOutcomeNamed(name)!);
  const body = {
    plan: { originPlanId: 'PLAN-M', name: 'Mensal', price: 499, interval: 'monthly' },
    customer: { merchantCustomerId: `CUST-${name}`, name: 'Ana Muianga', phone },
  };
  return (await t.http.post('/v1/subscriptions').set(t.auth).send(body).expect(201)).body.data.id;
}

async function advance(t: Setup, seconds: number): Promise<void> {
  t.clock.advance(seconds);
  await t.core.tick();
  t.auth = bearer(await tokenFor(t));
}

const subscription = async (t: Setup, id: string): Promise<SubscriptionRecord> => (await t.http.get(`/v1/subscriptions/${id}`).set(t.auth).expect(200)).body.data;
const payments = async (t: Setup, id: string): Promise<PaymentRecord[]> =>
  (await t.http.get(`/v1/payments?subscriptionId=${id}&limit=100`).set(t.auth).expect(200)).body.data.reverse();

describe('subscriptions of a payer with a catalogue number', () => {
  it('01 INSUFFICIENT_BALANCE: every attempt fails with the reason; PAST_DUE, then CANCELLED when the retries run out', async () => {
    const t = await setup();
    const id = await subscribeWith(t, 'INSUFFICIENT_BALANCE');
    await advance(t, 60);
    expect(await subscription(t, id)).toMatchObject({ status: 'PAST_DUE', attempts: 1 });
    await advance(t, DAY);
    await advance(t, 60);
    expect(await subscription(t, id)).toMatchObject({ status: 'PAST_DUE', attempts: 2 });
    await advance(t, DAY);
    await advance(t, 60);
    const ended = await subscription(t, id);
    expect(ended).toMatchObject({ status: 'CANCELLED', attempts: ended.maxAttempts });
    const charges = await payments(t, id);
    expect(charges).toHaveLength(ended.maxAttempts);
    const reason = { code: 'INSUFFICIENT_BALANCE', providerCode: 'INS-2006', message: FAILURE_REASONS.INSUFFICIENT_BALANCE.message };
    for (const charge of charges) expect(charge).toMatchObject({ status: 'FAILED', failureReason: reason });
    const types = t.events.filter((event) => event.type.startsWith('subscription.')).map((event) => event.type);
    expect(types).toEqual(['subscription.created', 'subscription.past_due', 'subscription.cancelled']);
  });

  it('02 PAYER_CANCELLED: the charge is CANCELLED with its reason and retried like a failure', async () => {
    const t = await setup();
    const id = await subscribeWith(t, 'PAYER_CANCELLED');
    await advance(t, 60);
    expect(await subscription(t, id)).toMatchObject({ status: 'PAST_DUE', attempts: 1 });
    await advance(t, DAY);
    const charges = await payments(t, id);
    expect(charges.map((charge) => charge.status)).toEqual(['CANCELLED', 'PENDING']);
    expect(charges[0]?.failureReason).toMatchObject({ code: 'PAYER_CANCELLED', providerCode: 'INS-5' });
    expect(t.events.map((event) => event.type)).toContain('payment.cancelled');
  });

  it('03 PAYER_TIMEOUT fails when the prompt expires; 07 STUCK stays pending; 08 SLOW_SUCCESS is paid after 10 minutes', async () => {
    const t = await setup();
    const timeout = await subscribeWith(t, 'PAYER_TIMEOUT');
    const stuck = await subscribeWith(t, 'STUCK');
    const slow = await subscribeWith(t, 'SLOW_SUCCESS');
    await advance(t, 60);
    expect((await payments(t, timeout))[0]).toMatchObject({ status: 'FAILED', failureReason: { code: 'PAYER_TIMEOUT' } });
    expect([(await subscription(t, stuck)).status, (await subscription(t, slow)).status]).toEqual(['PENDING', 'PENDING']);
    await advance(t, 540);
    expect((await subscription(t, slow)).status).toBe('ACTIVE');
    expect((await payments(t, slow))[0]).not.toHaveProperty('failureReason');
    await advance(t, 3 * DAY);
    expect((await subscription(t, stuck)).status).toBe('PENDING');
    expect((await payments(t, stuck)).map((charge) => charge.status)).toEqual(['PENDING']);
  });

  it('a scenario scripting the charges wins: failingAttempts none pays the 01 payer', async () => {
    const scenarios = withScenario({ name: 'charges-pay', subscriptions: { failingAttempts: 'none' } });
    const t = await setup({ scenarios }, { scenario: 'charges-pay' });
    const id = await subscribeWith(t, 'INSUFFICIENT_BALANCE');
    await advance(t, 60);
    expect((await subscription(t, id)).status).toBe('ACTIVE');
  });
});
