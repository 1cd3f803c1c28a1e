/**
 * Subscription billing on the mock clock (docs/assumptions.md): what a client sees after the clock moves and the
 * app ticks — statuses, attempts, periods and the payments each period and retry created, at their own instants.
 */
import { describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/platform/config.ts';
import type { PaymentRecord, SubscriptionRecord } from '../../src/domain/records.ts';
import { bearer, createTestApp, FROZEN_AT, tokenFor, withScenario, type TestApp } from '../support/test-app.ts';

const DAY = 86_400;
const T0 = FROZEN_AT.getTime();
const iso = (ms: number) => new Date(ms).toISOString();

const NEW_DATA = {
  plan: { originPlanId: 'PLAN-M', name: 'Mensal', price: 499, interval: 'monthly' },
  customer: { merchantCustomerId: 'CUST-1', name: 'Ana Muianga', phone: '+258841234567' },
};

type Setup = TestApp & { auth: { Authorization: string } };

/** Tokens live an hour and the clock jumps days: `advance` takes a fresh one, the oldest making room. */
async function setup(config: ConfigInput = {}, options: Parameters<typeof createTestApp>[1] = {}): Promise<Setup> {
  const t = await createTestApp({ tokens: { limitPolicy: 'revoke-oldest' }, ...config }, options);
  return { ...t, auth: bearer(await tokenFor(t)) };
}

async function subscribe(t: Setup, body: object = NEW_DATA): Promise<SubscriptionRecord> {
  return (await t.http.post('/v1/subscriptions').set(t.auth).send(body).expect(201)).body.data;
}

async function subscription(t: Setup, id: string): Promise<SubscriptionRecord> {
  return (await t.http.get(`/v1/subscriptions/${id}`).set(t.auth).expect(200)).body.data;
}

/** The client's payments, oldest first (the API lists newest first). */
async function payments(t: Setup): Promise<PaymentRecord[]> {
  return (await t.http.get('/v1/payments?limit=100').set(t.auth).expect(200)).body.data.reverse();
}

/** The subscription and payment events published so far, in order. */
function billingEvents(t: Setup) {
  return t.events.filter((event) => event.type.startsWith('subscription.') || event.type.startsWith('payment.'));
}

async function advance(t: Setup, seconds: number): Promise<void> {
  t.clock.advance(seconds);
  await t.core.tick();
  t.auth = bearer(await tokenFor(t));
}

describe('subscription billing (default scenario)', () => {
  it('activates a new subscription once its first charge is confirmed, a minute after it came due', async () => {
    const t = await setup();
    const created = await subscribe(t);
    expect(created.status).toBe('PENDING');
    expect(await payments(t)).toEqual([expect.objectContaining({ subscriptionId: created.id, status: 'PENDING', amount: 499, method: 'mpesa' })]);

    await advance(t, 59);
    expect((await subscription(t, created.id)).status).toBe('PENDING');

    await advance(t, 1);
    const active = await subscription(t, created.id);
    expect(active).toEqual({ ...created, status: 'ACTIVE', updatedAt: iso(T0 + 60_000) });
    expect(await payments(t)).toEqual([
      expect.objectContaining({ subscriptionId: created.id, status: 'PAID', createdAt: iso(T0), updatedAt: iso(T0 + 60_000) }),
    ]);
    expect(billingEvents(t).map((event) => [event.type, event.at])).toEqual([
      ['subscription.created', iso(T0)],
      ['payment.created', iso(T0)],
      ['payment.paid', iso(T0 + 60_000)],
      ['subscription.activated', iso(T0 + 60_000)],
    ]);
  });

  it('a year on a monthly plan bills twelve more periods in one tick, each charged at its month boundary', async () => {
    const t = await setup();
    const created = await subscribe(t);
    await advance(t, 365 * DAY);

    const boundaries = Array.from({ length: 13 }, (_, month) => iso(Date.UTC(2026, 2 + month, 2, 10)));
    const billed = await payments(t);
    expect(billed.map((payment) => payment.createdAt)).toEqual(boundaries);
    expect(billed.map((payment) => payment.status)).toEqual([...Array<string>(12).fill('PAID'), 'PENDING']);
    expect(billed.every((payment) => payment.subscriptionId === created.id && payment.amount === 499)).toBe(true);
    // Each charge was confirmed a minute after its boundary, not at the moment of the tick.
    expect(billed.slice(0, 12).map((payment) => payment.updatedAt)).toEqual(boundaries.slice(0, 12).map((at) => iso(Date.parse(at) + 60_000)));

    const now = t.clock.nowMs();
    const active = await subscription(t, created.id);
    expect(active).toMatchObject({ status: 'ACTIVE', attempts: 0, currentPeriodStart: '2027-03-02T10:00:00.000Z', currentPeriodEnd: '2027-04-02T10:00:00.000Z' });
    expect(Date.parse(active.currentPeriodEnd)).toBeGreaterThan(now);

    const created13 = t.events.filter((event) => event.type === 'payment.created');
    expect(created13.map((event) => event.at)).toEqual(boundaries);
    const times = t.events.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    await advance(t, 60);
    expect((await payments(t)).map((payment) => payment.status)).toEqual(Array<string>(13).fill('PAID'));
  });

  it('a tick with nothing due writes and publishes nothing', async () => {
    const t = await setup();
    await subscribe(t);
    await advance(t, 60);
    const events = billingEvents(t).length;
    const before = await payments(t);
    await t.core.tick();
    await advance(t, 10 * DAY);
    expect(billingEvents(t).length).toBe(events);
    expect(await payments(t)).toEqual(before);
  });
});

describe('subscription billing with failing charges', () => {
  it('subscription-retries-exhausted: PAST_DUE after the first failure, CANCELLED after maxAttempts, then never charged again', async () => {
    const t = await setup({ scenario: 'subscription-retries-exhausted' });
    const created = await subscribe(t);
    expect(created.maxAttempts).toBe(3);

    await advance(t, 60);
    expect(await subscription(t, created.id)).toMatchObject({ status: 'PAST_DUE', attempts: 1, updatedAt: iso(T0 + 60_000) });
    expect((await payments(t)).map((payment) => payment.status)).toEqual(['FAILED']);

    await advance(t, DAY);
    expect(await subscription(t, created.id)).toMatchObject({ status: 'PAST_DUE', attempts: 1 });
    expect((await payments(t)).map((payment) => [payment.status, payment.createdAt])).toEqual([
      ['FAILED', iso(T0)],
      ['PENDING', iso(T0 + (60 + DAY) * 1000)],
    ]);

    await advance(t, 10 * DAY);
    const cancelled = await subscription(t, created.id);
    const lastFailure = T0 + 3 * 60_000 + 2 * DAY * 1000;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', attempts: 3, updatedAt: iso(lastFailure) });
    const failed = await payments(t);
    expect(failed.map((payment) => [payment.status, payment.createdAt])).toEqual([
      ['FAILED', iso(T0)],
      ['FAILED', iso(T0 + (60 + DAY) * 1000)],
      ['FAILED', iso(T0 + 2 * (60 + DAY) * 1000)],
    ]);

    const events = billingEvents(t).length;
    await advance(t, 365 * DAY);
    expect(await payments(t)).toEqual(failed);
    expect(await subscription(t, created.id)).toEqual(cancelled);
    expect(billingEvents(t).length).toBe(events);
    expect(t.events.filter((event) => event.type.startsWith('subscription.')).map((event) => event.type)).toEqual([
      'subscription.created',
      'subscription.past_due',
      'subscription.cancelled',
    ]);
  });

  it('a retry that succeeds brings a PAST_DUE subscription back to ACTIVE and resets its attempts', async () => {
    const scenarios = withScenario({ name: 'custom', subscriptions: { failingAttempts: [1] } });
    const t = await setup({ scenario: 'custom' }, { scenarios });
    const created = await subscribe(t);

    await advance(t, 60);
    expect(await subscription(t, created.id)).toMatchObject({ status: 'PAST_DUE', attempts: 1 });
    await advance(t, DAY + 60);
    expect(await subscription(t, created.id)).toMatchObject({ status: 'ACTIVE', attempts: 0, updatedAt: iso(T0 + (120 + DAY) * 1000) });
    expect((await payments(t)).map((payment) => payment.status)).toEqual(['FAILED', 'PAID']);
    expect(billingEvents(t).slice(2).map((event) => event.type)).toEqual([
      'payment.failed',
      'subscription.past_due',
      'payment.created',
      'payment.paid',
      'subscription.activated',
    ]);
  });

  it("a scenario activated for one client changes that client's billing only", async () => {
    const t = await setup({
      clients: [
        { clientId: 'mock-client', clientSecret: 'mock-secret' },
        { clientId: 'other-shop', clientSecret: 'other-secret' },
      ],
    });
    const other: Setup = { ...t, auth: bearer(await tokenFor(t, { client_id: 'other-shop', client_secret: 'other-secret' })) };
    expect(t.core.scenarios.activate('subscription-retries-exhausted', 'mock-client')).toBe(true);
    const mine = await subscribe(t);
    const theirs = await subscribe(other);

    await advance(t, 60);
    expect((await subscription(t, mine.id)).status).toBe('PAST_DUE');
    expect((await subscription(other, theirs.id)).status).toBe('ACTIVE');
    expect((await payments(t)).map((payment) => payment.status)).toEqual(['FAILED']);
    expect((await payments(other)).map((payment) => payment.status)).toEqual(['PAID']);
  });
});

describe('subscription billing of seeded data', () => {
  it('catches the seeded subscriptions up with the clock without duplicating their payments', async () => {
    const t = await setup({ seedData: 'default' });
    const seeded = t.store.list<SubscriptionRecord>('subscriptions', 'mock-client').map((record) => ({ ...record }));
    const pendingPayments = t.store.list<PaymentRecord>('payments', 'mock-client').filter((payment) => payment.subscriptionId && payment.status === 'PENDING');
    expect(pendingPayments.length).toBeGreaterThan(0);
    // The seeded history ends at the start: nothing is due until the clock moves.
    await t.core.tick();
    expect(t.store.list<SubscriptionRecord>('subscriptions', 'mock-client').map((record) => record.status)).toEqual(seeded.map((record) => record.status));

    await advance(t, 2 * DAY);
    const now = t.clock.nowMs();
    for (const before of seeded) {
      const after = await subscription(t, before.id);
      if (before.status === 'CANCELLED') {
        expect(after.status).toBe('CANCELLED');
        continue;
      }
      expect(after.status, before.id).toBe('ACTIVE');
      expect(Date.parse(after.currentPeriodEnd)).toBeGreaterThan(now);
    }
    // The payment each seeded PENDING subscription was waiting on is the one that got paid.
    for (const payment of pendingPayments) expect(t.store.get<PaymentRecord>('payments', payment.id)?.status).toBe('PAID');
    const all = t.store.list<PaymentRecord>('payments', 'mock-client');
    expect(all.every((payment) => Date.parse(payment.createdAt) <= now)).toBe(true);
  });
});

describe('monthly billing keeps its anchor day', () => {
  it('a subscription started on 2028-01-31 bills 01-31, 02-29, 03-31, 04-30, 05-31, never drifting to the 29th', async () => {
    const t = await setup();
    t.clock.set(new Date('2028-01-31T09:00:00.000Z'));
    t.auth = bearer(await tokenFor(t));
    const created = await subscribe(t);
    const starts = [created.currentPeriodStart];
    for (let month = 0; month < 4; month += 1) {
      await advance(t, 31 * DAY);
      starts.push((await subscription(t, created.id)).currentPeriodStart);
    }
    expect(starts).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31'].map((day) => `${day}T09:00:00.000Z`));
    const charged = (await payments(t)).map((payment) => payment.createdAt);
    expect(charged).toEqual(starts);
    expect((await subscription(t, created.id)).currentPeriodEnd).toBe('2028-06-30T09:00:00.000Z');
  });
});

describe('list filters: payments by subscriptionId and method, subscriptions by status and customerId', () => {
  const EMOLA_CUSTOMER = { merchantCustomerId: 'CUST-2', name: 'Rui Cossa', phone: '+258871234567' };

  it('?subscriptionId= and ?method= list only the payments of that subscription and wallet', async () => {
    const t = await setup();
    const mpesa = await subscribe(t);
    const emola = await subscribe(t, { ...NEW_DATA, customer: EMOLA_CUSTOMER });
    await advance(t, 31 * DAY);

    const ofMpesa = await t.http.get(`/v1/payments?subscriptionId=${mpesa.id}`).set(t.auth).expect(200);
    expect(ofMpesa.body.pagination.total).toBe(2);
    expect(ofMpesa.body.data.every((payment: PaymentRecord) => payment.subscriptionId === mpesa.id && payment.method === 'mpesa')).toBe(true);

    const byWallet = await t.http.get('/api/v1/payments?method=emola').set(t.auth).expect(200);
    expect(byWallet.body.data.map((payment: PaymentRecord) => payment.subscriptionId)).toEqual([emola.id, emola.id]);

    const combined = await t.http.get(`/v1/payments?subscriptionId=${mpesa.id}&method=emola`).set(t.auth).expect(200);
    expect(combined.body).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });
    const pending = await t.http.get(`/v1/payments?subscriptionId=${emola.id}&status=PENDING`).set(t.auth).expect(200);
    expect(pending.body.data).toEqual([expect.objectContaining({ subscriptionId: emola.id, createdAt: '2026-04-02T10:00:00.000Z' })]);
  });

  it('?status= and ?customerId= list only the matching subscriptions', async () => {
    const scenarios = withScenario({ name: 'custom', subscriptions: { failingAttempts: 'all' } });
    const t = await setup({}, { scenarios });
    const ana = await subscribe(t);
    const rui = await subscribe(t, { ...NEW_DATA, customer: EMOLA_CUSTOMER });
    await advance(t, 60);
    t.core.scenarios.activate('custom', 'mock-client');
    const late = await subscribe(t, { ...NEW_DATA, customer: EMOLA_CUSTOMER });
    await advance(t, 60);

    const ids = async (query: string) =>
      (await t.http.get(`/v1/subscriptions?${query}`).set(t.auth).expect(200)).body.data.map((record: SubscriptionRecord) => record.id);
    expect(await ids('status=ACTIVE')).toEqual([rui.id, ana.id]);
    expect(await ids('status=PAST_DUE')).toEqual([late.id]);
    expect(await ids('status=CANCELLED')).toEqual([]);
    expect(await ids(`customerId=${rui.customerId}`)).toEqual([late.id, rui.id]);
    expect(await ids(`customerId=${rui.customerId}&status=ACTIVE`)).toEqual([rui.id]);
    expect(await ids('customerId=cus_missing')).toEqual([]);
  });

  it.each([
    ['/v1/payments?method=cash', 'method'],
    ['/v1/payments?method=MPESA', 'method'],
    ['/v1/payments?subscriptionId=', 'subscriptionId'],
    ['/v1/subscriptions?status=active', 'status'],
    ['/v1/subscriptions?status=PAID', 'status'],
    ['/v1/subscriptions?customerId=', 'customerId'],
  ])('refuses %s with 400 invalid_request naming %s', async (url, parameter) => {
    const t = await setup();
    const response = await t.http.get(url).set(t.auth).expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details).toContainEqual(expect.objectContaining({ path: parameter }));
  });
});
