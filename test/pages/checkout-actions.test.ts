/**
 * The payer's actions on the checkout page: each goes through the order flow, so the order, its payment, the
 * domain events, the webhooks and the status endpoint follow; a refused form or a final order writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { receiversClosedAfterEach, until } from '../support/webhook-receiver.ts';
import { appSendingTo } from '../support/webhook-support.ts';
import { answered, hasTestId, orderOf, pageToken, pay, paymentsOf, placeOrder, statusOf, submit, testIdText, type PlacedOrder } from '../support/checkout-helpers.ts';

const receiver = receiversClosedAfterEach();

/**
 * What a refused or repeated action must leave alone: the order, its payment and the events published. The
 * order's `checkout` link is left out: supertest reaches the app on a new port at each call.
 */
async function observed(t: TestApp, order: PlacedOrder) {
  const { checkout: _link, ...stored } = (await orderOf(t, order)) as { checkout?: string; statusHistory: unknown[] };
  return { order: stored, payments: await paymentsOf(t, order), events: t.events.length, deliveries: t.core.webhooks.deliveries().length };
}

describe('paying on the checkout page', () => {
  it('M-Pesa with an 84 number: 303 back to the page, order and payment PAID with mpesa, status PAID, webhooks sent', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url);
    const order = await placeOrder(t);

    const posted = await pay(t, order.path, 'mpesa', '+258 84 123 4567').expect(303);
    expect(posted.headers['location']).toBe(order.id);
    expect(posted.text).toBe('');

    // The prompt step: the order waits on the payer's phone; the page refreshes itself and counts down.
    expect((await statusOf(t, order)).status).toBe('PENDING');
    const waiting = (await t.http.get(order.path).expect(200)).text;
    expect(hasTestId(waiting, 'prompt')).toBe(true);
    expect(testIdText(waiting, 'prompt-phone')).toBe('+258 84 123 4567');
    expect(testIdText(waiting, 'prompt-countdown')).toBe('1:00');
    expect(waiting).toContain('<meta http-equiv="refresh" content="2">');
    expect(hasTestId(waiting, 'pay-form')).toBe(false);
    await answered(t, 9);
    expect(testIdText((await t.http.get(order.path).expect(200)).text, 'prompt-countdown')).toBe('0:51');
    expect((await orderOf(t, order)).status).toBe('PENDING');
    await answered(t, 1);

    expect((await orderOf(t, order)).status).toBe('PAID');
    expect(await paymentsOf(t, order)).toEqual([expect.objectContaining({ status: 'PAID', method: 'mpesa', amount: 1384.5, currency: 'MZN' })]);
    expect(await statusOf(t, order)).toMatchObject({ orderId: order.id, status: 'PAID', order: { status: 'PAID' } });
    expect(t.events.filter((event) => event.type === 'order.paid' || event.type === 'payment.paid').map((event) => event.type)).toEqual(['order.paid', 'payment.paid']);
    await until(() => hooks.received.length === 2, 'two webhooks');
    expect(hooks.received.map((request) => [request.body.type, request.body.data['status']])).toEqual([
      ['order.status_changed', 'PAID'],
      ['payment.status_changed', 'PAID'],
    ]);

    const page = (await t.http.get(order.path).expect(200)).text;
    expect(testIdText(page, 'status')).toBe('Pago');
    expect(page).toContain('data-testid="outcome" data-status="PAID"');
    expect(page).toContain('Pedido pago com M-Pesa pelo número +258 84 123 4567.');
    for (const control of ['pay-form', 'phone', 'pay', 'fail', 'cancel']) expect(hasTestId(page, control), control).toBe(false);
  });

  it('e-Mola with an 86 number: the payment records e-Mola, though the customer placed the order with an 84 phone', async () => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    expect((await paymentsOf(t, order))[0]?.method).toBe('mpesa');

    await pay(t, order.path, 'emola', '258861234567').expect(303);
    await answered(t);
    expect(await paymentsOf(t, order)).toEqual([expect.objectContaining({ status: 'PAID', method: 'emola' })]);
    expect((await statusOf(t, order)).status).toBe('PAID');
    expect(t.store.get('payments', t.store.list('payments', 'mock-client')[0]!.id)?.['_payerPhone']).toBe('+258861234567');
    expect((await t.http.get(order.path).expect(200)).text).toContain('Pedido pago com e-Mola pelo número +258 86 123 4567.');
  });

  it('the number may be written as 841234567 or 85 123 4567', async () => {
    const t = await createTestApp();
    const first = await placeOrder(t);
    const second = await placeOrder(t);
    await pay(t, first.path, 'mpesa', '841234567').expect(303);
    await pay(t, second.path, 'mpesa', '85 123 4567').expect(303);
    await answered(t);
    expect([(await statusOf(t, first)).status, (await statusOf(t, second)).status]).toEqual(['PAID', 'PAID']);
  });
});

describe('forms the page refuses, writing nothing', () => {
  it.each([
    ['mpesa', '+258 86 123 4567', 'O número +258 86 123 4567 é um número e-Mola: para pagar com M-Pesa, use um número 84 ou 85.'],
    ['emola', '841234567', 'O número +258 84 123 4567 é um número M-Pesa: para pagar com e-Mola, use um número 86 ou 87.'],
    ['mpesa', '821234567', 'O número +258 82 123 4567 não é um número M-Pesa: para pagar com M-Pesa, use um número 84 ou 85.'],
    ['mpesa', '+258 84 123 456', 'Número inválido: use um número moçambicano de 9 dígitos, por exemplo +258 84 123 4567.'],
    ['emola', '', 'Indique o número e-Mola (86 ou 87).'],
  ])('%s with "%s" → 422, the form again with the message and what was typed', async (wallet, phone, message) => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    const before = await observed(t, order);

    const response = await pay(t, order.path, wallet, phone).expect(422);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(testIdText(response.text, 'error')).toBe(message);
    expect(response.text).toContain(`value="${phone}" data-testid="phone" aria-invalid="true"`);
    expect(response.text).toMatch(new RegExp(`data-testid="wallet-${wallet}" checked>`));
    expect(await observed(t, order)).toEqual(before);
  });

  it.each([
    [{ action: 'pay', phone: '841234567' }, 'Escolha a carteira: M-Pesa ou e-Mola.'],
    [{ action: 'pay', wallet: 'paypal', phone: '841234567' }, 'Escolha a carteira: M-Pesa ou e-Mola.'],
    [{ action: 'refund' }, 'Ação desconhecida: escolha pagar, simular uma falha ou cancelar.'],
    [{}, 'Ação desconhecida: escolha pagar, simular uma falha ou cancelar.'],
  ])('%j → 400 with the form and its message', async (fields, message) => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    const before = await observed(t, order);
    const response = await submit(t, order.path, fields).expect(400);
    expect(testIdText(response.text, 'error')).toBe(message);
    expect(await observed(t, order)).toEqual(before);
  });

  it('a typed value is escaped when the form comes back', async () => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    const response = await pay(t, order.path, 'mpesa', '"><script>alert(1)</script>').expect(422);
    expect(response.text).not.toContain('<script>alert');
    expect(response.text).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('a body over 16 KiB → 413, nothing written', async () => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    const before = await observed(t, order);
    await pay(t, order.path, 'mpesa', `84${'1'.repeat(17 * 1024)}`).expect(413);
    expect(await observed(t, order)).toEqual(before);
  });
});

describe('failing and cancelling', () => {
  it.each([
    ['fail', 'FAILED', 'O pagamento falhou', 'Pagamento falhou'],
    ['cancel', 'CANCELLED', 'Pedido cancelado', 'Cancelado'],
  ])('%s → order %s, its payment the same, the page shows the outcome', async (action, status, title, label) => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    await submit(t, order.path, { action }).expect(303);
    expect((await statusOf(t, order)).status).toBe(status);
    expect((await paymentsOf(t, order))[0]?.status).toBe(status);
    expect(t.events.map((event) => event.type)).toContain(`order.${status.toLowerCase()}`);
    const page = (await t.http.get(order.path).expect(200)).text;
    expect(testIdText(page, 'status')).toBe(label);
    expect(page).toContain(`<h2>${title}</h2>`);
    expect(hasTestId(page, 'pay-form')).toBe(false);
  });
});

describe('a final order', () => {
  it('a repeated submission (double click, resubmitted form) changes nothing twice and shows the outcome', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url);
    const order = await placeOrder(t);
    // The page as it was when first opened: its forms are submitted again after the order became final.
    const token = await pageToken(t, order.path);
    await pay(t, order.path, 'mpesa', '841234567').expect(303);
    await answered(t);
    await until(() => hooks.received.length === 2, 'two webhooks');
    const after = await observed(t, order);
    expect(after.order.statusHistory).toHaveLength(2);

    for (const fields of <Array<Record<string, string>>>[
      { action: 'pay', wallet: 'mpesa', phone: '841234567' },
      { action: 'pay', wallet: 'emola', phone: '861234567' },
      { action: 'cancel' },
      { action: 'fail' },
      { action: 'pay', wallet: 'mpesa', phone: 'not a number' },
    ]) {
      const response = await submit(t, order.path, fields, token).expect(303);
      expect(response.headers['location']).toBe(order.id);
    }
    expect(await observed(t, order)).toEqual(after);
    expect((await paymentsOf(t, order))[0]?.method).toBe('mpesa');
    expect(hooks.received).toHaveLength(2);
  });

  it('an order moved elsewhere (admin API) shows its outcome and no form', async () => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    await t.http.post(`/__admin/orders/${order.id}/transition`).send({ status: 'CANCELLED' }).expect(200);
    const page = (await t.http.get(order.path).expect(200)).text;
    expect(page).toContain('data-testid="outcome" data-status="CANCELLED"');
    expect(hasTestId(page, 'pay')).toBe(false);
  });
});
