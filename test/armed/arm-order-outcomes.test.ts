/**
 * An armed order outcome: the client's next order placed after arming ends so, by its status polls (the default's
 * 3rd), and then the world is as before; the journal entry of the poll that ended it names the outcome.
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { ORDER_BODY } from '../support/admin-helpers.ts';

const ARMED = '/__admin/clients/mock-client/armed';

async function placeAndPoll(t: TestApp, token: string, polls = 3) {
  const id = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201)).body.data.id as string;
  let status = '';
  for (let i = 0; i < polls; i += 1) status = (await t.http.get(`/v1/orders/${id}/status`).set(bearer(token)).expect(200)).body.data.status;
  const payments = (await t.http.get('/v1/payments').set(bearer(token)).expect(200)).body.data as Array<{ orderId: string; failureReason?: { code: string } }>;
  return { id, status, reason: payments.find((payment) => payment.orderId === id)?.failureReason?.code };
}

describe('arming an order outcome', () => {
  it('payer.WRONG_PIN: the next order fails with WRONG_PIN on its 3rd poll; the one after is paid', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const arm = (await t.http.post(ARMED).send({ outcome: 'payer.WRONG_PIN' }).expect(201)).body.data;
    expect(arm).toMatchObject({ outcome: 'payer.WRONG_PIN', times: 1, remaining: 1, fired: 0, meets: 'order' });

    const first = await placeAndPoll(t, token);
    expect(first).toMatchObject({ status: 'FAILED', reason: 'WRONG_PIN' });
    const second = await placeAndPoll(t, token);
    expect(second).toMatchObject({ status: 'PAID', reason: undefined });

    const [listed] = (await t.http.get(ARMED).expect(200)).body.data;
    expect(listed).toMatchObject({ id: arm.id, remaining: 0, fired: 1, firings: [{ recordId: first.id }] });
    const story = (await t.http.get(`/__admin/orders/${first.id}/story`).expect(200)).body.data;
    const failed = story.entries.find((entry: { kind: string; status?: string }) => entry.kind === 'status_change' && entry.status === 'FAILED');
    expect(failed.cause).toMatchObject({ by: 'poll', polls: 3, armed: 'payer.WRONG_PIN' });
    expect(failed.summary).toContain('armed outcome payer.WRONG_PIN fired');
    const journal = (await t.http.get('/__admin/requests').query({ operationId: 'getOrderStatus', limit: 10 }).expect(200)).body.data as Array<{ path: string; armed?: string[] }>;
    expect(journal.filter((entry) => entry.armed !== undefined).map((entry) => [entry.path, entry.armed])).toEqual([[`/v1/orders/${first.id}/status`, ['payer.WRONG_PIN']]]);
  });

  it('order.final.CANCELLED twice: the next two orders are cancelled, coverage meets order.final.CANCELLED', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.post(ARMED).send({ outcome: 'order.final.CANCELLED', times: 2 }).expect(201);
    expect((await placeAndPoll(t, token)).status).toBe('CANCELLED');
    expect((await placeAndPoll(t, token)).status).toBe('CANCELLED');
    expect((await placeAndPoll(t, token)).status).toBe('PAID');
    const coverage = (await t.http.get('/__admin/coverage').query({ clientId: 'mock-client' }).expect(200)).body.data;
    const cancelled = coverage.outcomes.find((outcome: { id: string }) => outcome.id === 'order.final.CANCELLED');
    expect(cancelled.status).toBe('met');
  });

  it('an order placed before arming is not touched', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const before = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201)).body.data.id as string;
    await t.http.post('/__admin/clock/advance').send({ seconds: 1 }).expect(200);
    await t.http.post(ARMED).send({ outcome: 'payer.INSUFFICIENT_BALANCE' }).expect(201);
    for (let i = 0; i < 3; i += 1) await t.http.get(`/v1/orders/${before}/status`).set(bearer(token)).expect(200);
    expect((await t.http.get(`/v1/orders/${before}`).set(bearer(token)).expect(200)).body.data.status).toBe('PAID');
    expect((await placeAndPoll(t, token)).reason).toBe('INSUFFICIENT_BALANCE');
  });

  it('on a frozen clock, an order placed in the arm\'s own instant before it is passed over; the next one in that instant is bound', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const before = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201)).body.data;
    const arm = (await t.http.post(ARMED).send({ outcome: 'payer.INSUFFICIENT_BALANCE' }).expect(201)).body.data;
    expect(arm.armedAt).toBe(before.createdAt);
    expect(arm.placedBefore).toEqual([before.id]);
    for (let i = 0; i < 3; i += 1) await t.http.get(`/v1/orders/${before.id}/status`).set(bearer(token)).expect(200);
    expect((await t.http.get(`/v1/orders/${before.id}`).set(bearer(token)).expect(200)).body.data.status).toBe('PAID');
    const after = await placeAndPoll(t, token);
    expect(after).toMatchObject({ status: 'FAILED', reason: 'INSUFFICIENT_BALANCE' });
    const [listed] = (await t.http.get(ARMED).expect(200)).body.data;
    expect(listed).toMatchObject({ id: arm.id, remaining: 0, fired: 1, placedBefore: [before.id], firings: [{ recordId: after.id }] });
  });

  it('an arm names the pending orders placed before it, whatever their instant, and a final one not', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const paid = await placeAndPoll(t, token);
    const pending = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201)).body.data.id as string;
    await t.http.post('/__admin/clock/advance').send({ seconds: 1 }).expect(200);
    const arm = (await t.http.post(ARMED).send({ outcome: 'payer.INSUFFICIENT_BALANCE' }).expect(201)).body.data;
    expect(paid.status).toBe('PAID');
    expect(arm.placedBefore).toEqual([pending]);
  });

  it('binds by the order of events, not by instants: a client clock set back before an order placed never lets the arm end it', async () => {
    const t = await createTestApp();
    const clock = '/__admin/clients/mock-client/clock';
    await t.http.post(`${clock}/set`).send({ at: '2030-01-01T00:00:00Z' }).expect(200);
    await t.http.post(`${clock}/freeze`).send({}).expect(200);
    const token = await tokenFor(t);
    await t.http.post(`${clock}/advance`).send({ seconds: 10 }).expect(200);
    const first = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201)).body.data.id as string;
    await t.http.post(`${clock}/set`).send({ at: '2030-01-01T00:00:00Z' }).expect(200);
    await t.http.post(ARMED).send({ outcome: 'order.final.FAILED' }).expect(201);
    for (let i = 0; i < 3; i += 1) await t.http.get(`/v1/orders/${first}/status`).set(bearer(token)).expect(200);
    expect((await t.http.get(`/v1/orders/${first}`).set(bearer(token)).expect(200)).body.data.status).toBe('PAID');
    expect(await placeAndPoll(t, token)).toMatchObject({ status: 'FAILED', reason: 'PAYMENT_FAILED' });
  });
});
