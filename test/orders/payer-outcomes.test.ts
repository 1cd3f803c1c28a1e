/**
 * Every row of the payer outcome catalogue through the API, as a merchant's unchanged code meets it: place an
 * order whose customer has the row's number, poll its status until it is final (moving the mock clock for the
 * rows that follow it), then read the payment's reason in the status answer, the payments list and the webhook.
 */
import { describe, expect, it } from 'vitest';
import { FAILURE_REASONS, PAYER_OUTCOMES, catalogueNumber, type PayerOutcome } from '../../src/domain/payer-outcomes.ts';
import { bearer, createTestApp, tokenFor, withScenario, type TestApp } from '../support/test-app.ts';
import { receiversClosedAfterEach, until } from '../support/webhook-receiver.ts';
import { appSendingTo } from '../support/webhook-support.ts';

const receiver = receiversClosedAfterEach();

interface Placed {
  id: string;
  token: string;
  poll(): Promise<{ status: string; payment: { status: string; failureReason?: Record<string, string> } }>;
  payments(): Promise<Array<{ status: string; failureReason?: Record<string, string> }>>;
}

async function placeFor(t: TestApp, phone: string, customer: object = { name: 'Ana Machava', phone }): Promise<Placed> {
  const token = await tokenFor(t);
  const placed = await t.http.post('/v1/orders').set(bearer(token)).send({ customer, items: [{ name: 'Capulana', price: 350, quantity: 1 }] }).expect(201);
  const id = (placed.body as { data: { id: string } }).data.id;
  return {
    id,
    token,
    poll: async () => (await t.http.get(`/v1/orders/${id}/status`).set(bearer(token)).expect(200)).body.data,
    payments: async () => (await t.http.get(`/v1/payments?orderId=${id}`).set(bearer(token)).expect(200)).body.data,
  };
}

/** Polls (at most `max` times) until the order is final; the statuses seen, in order. */
async function pollUntilFinal(order: Placed, max = 5): Promise<string[]> {
  const seen: string[] = [];
  for (let poll = 0; poll < max; poll += 1) {
    const { status } = await order.poll();
    seen.push(status);
    if (status !== 'PENDING') break;
  }
  return seen;
}

function expectedReason(outcome: PayerOutcome, wallet: 'mpesa' | 'emola' = 'mpesa') {
  const entry = FAILURE_REASONS[outcome.reason!];
  return { code: outcome.reason, ...(wallet === 'mpesa' && entry.mpesaCode && { providerCode: entry.mpesaCode }), message: entry.message };
}

const ANSWERED = PAYER_OUTCOMES.filter((outcome) => outcome.timing === 'answer');
const byName = (name: string) => PAYER_OUTCOMES.find((outcome) => outcome.name === name)!;

describe('payer outcomes through the API (default scenario)', () => {
  it.each(ANSWERED.map((outcome) => [outcome.suffix, outcome.name, outcome] as const))(
    '%s %s: PENDING twice, then the outcome on the 3rd poll, the reason in the status answer and the payment',
    async (_suffix, _name, outcome) => {
      const t = await createTestApp();
      const order = await placeFor(t, catalogueNumber(outcome));
      expect(await pollUntilFinal(order)).toEqual(['PENDING', 'PENDING', outcome.status]);
      const answer = await order.poll();
      expect(answer).toMatchObject({ status: outcome.status, order: { status: outcome.status }, payment: { status: outcome.status } });
      expect(answer.payment.failureReason).toEqual(expectedReason(outcome));
      expect(await order.payments()).toEqual([expect.objectContaining({ status: outcome.status, failureReason: expectedReason(outcome) })]);
    },
  );

  it('03 PAYER_TIMEOUT: PENDING however often it is polled; FAILED once the 60 s prompt expires on the mock clock', async () => {
    const t = await createTestApp();
    const outcome = byName('PAYER_TIMEOUT');
    const order = await placeFor(t, catalogueNumber(outcome));
    expect(await pollUntilFinal(order, 5)).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING', 'PENDING']);
    t.clock.advance(59);
    await t.core.tick();
    expect((await order.poll()).status).toBe('PENDING');
    t.clock.advance(1);
    await t.core.tick();
    const answer = await order.poll();
    expect(answer).toMatchObject({ status: 'FAILED', payment: { status: 'FAILED', failureReason: expectedReason(outcome) } });
    // The clock moved it, at the instant the prompt expired.
    expect(t.store.get('orders', order.id)?.['updatedAt']).toBe('2026-03-02T10:01:00.000Z');
  });

  it('07 STUCK: PENDING through polls and 50 minutes of mock time; an admin action still moves it', async () => {
    const t = await createTestApp();
    const order = await placeFor(t, catalogueNumber(byName('STUCK')));
    expect(await pollUntilFinal(order, 6)).toEqual(Array(6).fill('PENDING'));
    t.clock.advance(3000);
    await t.core.tick();
    expect((await order.poll()).status).toBe('PENDING');
    await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status: 'FAILED' }).expect(200);
    expect((await order.poll()).payment.failureReason).toEqual({ code: 'PAYMENT_FAILED', message: 'O pagamento falhou.' });
  });

  it('08 SLOW_SUCCESS: PENDING for 10 minutes of mock time, then PAID without a reason', async () => {
    const t = await createTestApp();
    const order = await placeFor(t, catalogueNumber(byName('SLOW_SUCCESS')));
    expect(await pollUntilFinal(order, 4)).toEqual(Array(4).fill('PENDING'));
    t.clock.advance(599);
    expect((await order.poll()).status).toBe('PENDING');
    t.clock.advance(1);
    const answer = await order.poll();
    expect(answer).toMatchObject({ status: 'PAID', payment: { status: 'PAID' } });
    expect(answer.payment).not.toHaveProperty('failureReason');
  });

  it('an e-Mola catalogue number (86, 87): the same outcome, no M-Pesa code', async () => {
    const t = await createTestApp();
    const outcome = byName('INSUFFICIENT_BALANCE');
    const order = await placeFor(t, catalogueNumber(outcome, '87'));
    await pollUntilFinal(order);
    expect((await order.payments())[0]).toMatchObject({ status: 'FAILED', method: 'emola', failureReason: expectedReason(outcome, 'emola') });
  });

  it("a referenced customer's phone counts as well as one sent as new data", async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const synced = await t.http.post('/v1/customers/sync').set(bearer(token)).send({ merchantCustomerId: 'C-9', name: 'Rui', phone: '845000002' });
    expect(synced.status, JSON.stringify(synced.body)).toBeLessThan(300);
    const outcome = byName('PAYER_CANCELLED');
    const order = await placeFor(t, '', { customerId: synced.body.data.id });
    // 845000002 is not a catalogue number (84 000 0002 is): it pays.
    expect(await pollUntilFinal(order)).toEqual(['PENDING', 'PENDING', 'PAID']);
    await t.http.post('/v1/customers/sync').set(bearer(token)).send({ merchantCustomerId: 'C-9', name: 'Rui', phone: catalogueNumber(outcome) }).expect(200);
    const second = await placeFor(t, '', { customerId: synced.body.data.id });
    expect(await pollUntilFinal(second)).toEqual(['PENDING', 'PENDING', 'CANCELLED']);
    expect((await second.poll()).payment.failureReason).toEqual(expectedReason(outcome));
  });

  it.each(['+258 84 000 0000', '+258 85 000 0009', '+258 84 000 0101', '+258 84 123 4567', '+258 82 000 0001'])(
    '%s is no catalogue number: paid on the 3rd poll',
    async (phone) => {
      const t = await createTestApp();
      expect(await pollUntilFinal(await placeFor(t, phone))).toEqual(['PENDING', 'PENDING', 'PAID']);
    },
  );

  it('the webhooks of a failed payment carry its reason (order.status_changed and payment.status_changed)', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url);
    const outcome = byName('WRONG_PIN');
    const order = await placeFor(t, catalogueNumber(outcome));
    await pollUntilFinal(order);
    await until(() => hooks.received.length === 2, 'two webhooks');
    expect(hooks.received.map((request) => [request.body.type, request.body.data])).toEqual([
      ['order.status_changed', { orderId: order.id, status: 'FAILED', failureReason: expectedReason(outcome) }],
      ['payment.status_changed', expect.objectContaining({ orderId: order.id, status: 'FAILED', failureReason: expectedReason(outcome) })],
    ]);
  });

  it('the admin records (the QA console reads them) carry the reason', async () => {
    const t = await createTestApp();
    const order = await placeFor(t, catalogueNumber(byName('PROVIDER_ERROR')));
    await pollUntilFinal(order);
    const listed = await t.http.get('/__admin/clients/mock-client/payments').expect(200);
    expect(listed.body.data[0].failureReason).toEqual(expectedReason(byName('PROVIDER_ERROR')));
  });
});

describe('precedence: an explicit scenario, Prefer or an admin action wins over the number', () => {
  const INSUFFICIENT = catalogueNumber(byName('INSUFFICIENT_BALANCE'));

  it('a scenario scripting the progression (order-paid-at-once) pays a catalogue number; payerNumbers: true gives it back', async () => {
    const scenarios = withScenario(
      { name: 'paid-at-once', orders: { progression: [{ status: 'PAID', after: { polls: 1 } }] } },
      { name: 'paid-at-once-numbers', orders: { payerNumbers: true, progression: [{ status: 'PAID', after: { polls: 1 } }] } },
    );
    const scripted = await createTestApp({ scenario: 'paid-at-once' }, { scenarios });
    expect(await pollUntilFinal(await placeFor(scripted, INSUFFICIENT))).toEqual(['PAID']);
    const numbers = await createTestApp({ scenario: 'paid-at-once-numbers' }, { scenarios });
    expect(await pollUntilFinal(await placeFor(numbers, INSUFFICIENT))).toEqual(['FAILED']);
  });

  it('a scenario that does not script orders (token-expiry) keeps the numbers', async () => {
    const t = await createTestApp({ scenario: 'token-expiry' });
    expect(await pollUntilFinal(await placeFor(t, INSUFFICIENT))).toEqual(['PENDING', 'PENDING', 'FAILED']);
  });

  it('Prefer answers the example and writes nothing; the order then follows its number', async () => {
    const t = await createTestApp();
    const order = await placeFor(t, INSUFFICIENT);
    for (let i = 0; i < 3; i += 1) await t.http.get(`/v1/orders/${order.id}/status`).set(bearer(order.token)).set('Prefer', 'code=200').expect(200);
    expect(await pollUntilFinal(order)).toEqual(['PENDING', 'PENDING', 'FAILED']);
  });

  it('an admin action before the 3rd poll wins', async () => {
    const t = await createTestApp();
    const order = await placeFor(t, INSUFFICIENT);
    await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status: 'PAID' }).expect(200);
    expect(await pollUntilFinal(order)).toEqual(['PAID']);
  });
});

describe('scenario files and the payer times', () => {
  it('a progression step naming an outcome fails the order with that reason, whatever the number', async () => {
    const scenarios = withScenario({ name: 'broke', orders: { progression: [{ outcome: 'INSUFFICIENT_BALANCE', after: { polls: 1 } }] } });
    const t = await createTestApp({ scenario: 'broke' }, { scenarios });
    const order = await placeFor(t, '+258 84 123 4567');
    expect(await pollUntilFinal(order)).toEqual(['FAILED']);
    expect((await order.poll()).payment.failureReason).toEqual(expectedReason(byName('INSUFFICIENT_BALANCE')));
  });

  it('promptExpirySeconds and slowSuccessSeconds are configurable: 03 fails after 30 s, 08 pays after 120 s', async () => {
    const scenarios = withScenario({ name: 'quick', payer: { promptExpirySeconds: 30, slowSuccessSeconds: 120 } });
    const t = await createTestApp({ scenario: 'quick' }, { scenarios });
    const timeout = await placeFor(t, catalogueNumber(byName('PAYER_TIMEOUT')));
    const slow = await placeFor(t, catalogueNumber(byName('SLOW_SUCCESS')));
    t.clock.advance(30);
    expect([(await timeout.poll()).status, (await slow.poll()).status]).toEqual(['FAILED', 'PENDING']);
    t.clock.advance(90);
    expect((await slow.poll()).status).toBe('PAID');
  });
});
