/**
 * A payer's number is read the same way however it is spelt, on the three paths that read one (orders through the
 * API, subscription billing, the checkout page), and a spelling that is not one number is refused where it
 * arrives, writing nothing (docs/payer-outcomes.md, "How a number is read").
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FAILURE_REASONS } from '../../src/domain/payer-outcomes.ts';
import { PHONE_LENGTH, PHONE_PATTERN, normalisePhone } from '../../src/domain/phone-number.ts';
import { answered, orderOf, pay, paymentsOf, placeOrder, statusOf, testIdText } from '../support/checkout-helpers.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

/** Spellings of the catalogue's 01 number (insufficient balance), each of which the phone format accepts. */
const INSUFFICIENT = ['+258 (84) 000 0001', '00258 84 000 0001', '+258-84-000-0001', '258 84 000 0001', '(84) 000 0001'];
/** Spellings the old format accepted that are no one number: unbalanced, nested or empty parentheses, `+0`. */
const UNREADABLE = ['+258 (84 000 0001', '+258 84) 000 0001', '+258 ((84)) 000 0001', '+258 () 84 000 0001', '+00258 84 000 0001'];
const REASON = { code: 'INSUFFICIENT_BALANCE', providerCode: 'INS-2006', message: FAILURE_REASONS.INSUFFICIENT_BALANCE.message };

const nothingWritten = (t: TestApp) =>
  (['orders', 'payments', 'customers', 'subscriptions', 'plans', 'products'] as const).map((kind) => t.store.list(kind, 'mock-client').length);

describe('normalisePhone', () => {
  it.each(INSUFFICIENT)('reads %s as +258840000001', (spelling) => {
    expect(normalisePhone(spelling)).toBe('+258840000001');
  });

  it.each(UNREADABLE)('refuses %s', (spelling) => {
    expect(normalisePhone(spelling)).toBeUndefined();
  });

  it('accepts what the OpenAPI document\'s Phone schema accepts (its pattern and length)', () => {
    const document = parse(readFileSync('spec/openapi.yaml', 'utf8')) as { components: { schemas: { Phone: Record<string, unknown> } } };
    expect(document.components.schemas.Phone).toMatchObject({ pattern: PHONE_PATTERN, ...PHONE_LENGTH });
  });
});

describe('orders through the API', () => {
  it.each(INSUFFICIENT)('a customer phone written %s fails on the 3rd poll with INSUFFICIENT_BALANCE', async (phone) => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const body = { customer: { name: 'Ana Machava', phone }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] };
    const id = (await t.http.post('/v1/orders').set(bearer(token)).send(body).expect(201)).body.data.id;
    const poll = async () => (await t.http.get(`/v1/orders/${id}/status`).set(bearer(token)).expect(200)).body.data;
    expect([(await poll()).status, (await poll()).status]).toEqual(['PENDING', 'PENDING']);
    expect(await poll()).toMatchObject({ status: 'FAILED', payment: { status: 'FAILED', failureReason: REASON } });
  });

  it.each(UNREADABLE)('a customer phone written %s → 400 invalid_request naming customer.phone, nothing written', async (phone) => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const before = nothingWritten(t);
    const body = { customer: { name: 'Ana Machava', phone }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] };
    const response = await t.http.post('/v1/orders').set(bearer(token)).send(body).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: [expect.objectContaining({ path: 'customer.phone' })] });
    expect(nothingWritten(t)).toEqual(before);
  });
});

describe('subscriptions', () => {
  const subscribe = (phone: string) => ({
    plan: { originPlanId: 'PLAN-M', name: 'Mensal', price: 499, interval: 'monthly' },
    customer: { merchantCustomerId: 'CUST-1', name: 'Ana Muianga', phone },
  });

  it.each(INSUFFICIENT)('a customer phone written %s: the first charge fails with INSUFFICIENT_BALANCE', async (phone) => {
    const t = await createTestApp();
    const id = (await t.http.post('/v1/subscriptions').set(bearer(await tokenFor(t))).send(subscribe(phone)).expect(201)).body.data.id;
    t.clock.advance(60);
    await t.core.tick();
    const auth = bearer(await tokenFor(t));
    expect((await t.http.get(`/v1/subscriptions/${id}`).set(auth).expect(200)).body.data).toMatchObject({ status: 'PAST_DUE', attempts: 1 });
    const charges = (await t.http.get(`/v1/payments?subscriptionId=${id}`).set(auth).expect(200)).body.data;
    expect(charges).toEqual([expect.objectContaining({ status: 'FAILED', failureReason: REASON })]);
  });

  it.each(UNREADABLE)('a customer phone written %s → 400 invalid_request naming customer.phone, nothing written', async (phone) => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const before = nothingWritten(t);
    const response = await t.http.post('/v1/subscriptions').set(bearer(token)).send(subscribe(phone)).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: [expect.objectContaining({ path: 'customer.phone' })] });
    expect(nothingWritten(t)).toEqual(before);
  });
});

describe('the checkout page', () => {
  it.each(INSUFFICIENT)('paying with M-Pesa from %s fails with INSUFFICIENT_BALANCE when the payer answers', async (phone) => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    await pay(t, order.path, 'mpesa', phone).expect(303);
    await answered(t);
    expect(await statusOf(t, order)).toMatchObject({ status: 'FAILED', payment: { failureReason: REASON } });
  });

  it.each(UNREADABLE)('paying with M-Pesa from %s → 422, the page shows its error, nothing written', async (phone) => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    // The order's `checkout` link names the port supertest used, new at each call.
    const observed = async () => ({ order: { ...(await orderOf(t, order)), checkout: '' }, payments: await paymentsOf(t, order), events: t.events.length });
    const before = await observed();
    const response = await pay(t, order.path, 'mpesa', phone).expect(422);
    expect(testIdText(response.text, 'error')).toBe('Número inválido: use um número moçambicano de 9 dígitos, por exemplo +258 84 123 4567.');
    await answered(t);
    expect(await observed()).toEqual(before);
  });
});
