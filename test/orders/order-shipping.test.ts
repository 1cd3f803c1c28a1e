/** Order variants with shipping (seed: shippingAddress and shippingCost are each optional). */
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../src/openapi/openapi-router.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

async function setup(): Promise<TestApp & { auth: { Authorization: string } }> {
  const t = await createTestApp();
  return { ...t, auth: bearer(await tokenFor(t)) };
}

const CUSTOMER = { merchantCustomerId: 'CUST-1', name: 'Ana Muianga' };
const ITEMS = [
  { originProductId: 'SKU-1', name: 'Caju torrado', quantity: 2, price: 150.25 },
  { originProductId: 'SKU-2', name: 'Piri-piri', quantity: 1, price: 85.5 },
];
const ADDRESS = { street: 'Av. Julius Nyerere', number: '1', city: 'Maputo', zipCode: '1100', country: 'MZ' };

describe('order shipping variants', () => {
  it('variant 3: a shippingAddress without shippingCost is stored and returned, with shippingCost 0', async () => {
    const t = await setup();
    const created = await t.http.post('/v1/orders').set(t.auth).send({ customer: CUSTOMER, items: ITEMS, shippingAddress: ADDRESS }).expect(201);
    expect(created.body.data).toEqual(
      expect.objectContaining({ shippingAddress: ADDRESS, subtotal: 386, shippingCost: 0, amount: 386, currency: 'MZN' }),
    );
    const got = await t.http.get(`/v1/orders/${created.body.data.id}`).set(t.auth).expect(200);
    expect(got.body.data).toEqual(expect.objectContaining({ shippingAddress: ADDRESS, shippingCost: 0, amount: 386 }));
    const status = await t.http.get(`/v1/orders/${created.body.data.id}/status`).set(t.auth).expect(200);
    expect(status.body.data.amount).toBe(386);
    expect(t.store.count('orders')).toBe(1);
  });

  it('variant 5: shippingCost and shippingAddress are both returned and the amount is subtotal plus shipping', async () => {
    const t = await setup();
    const body = { customer: CUSTOMER, items: ITEMS, shippingCost: 120.15, shippingAddress: ADDRESS };
    const created = await t.http.post('/v1/orders').set(t.auth).send(body).expect(201);
    expect(created.body.data).toEqual(expect.objectContaining({ shippingAddress: ADDRESS, subtotal: 386, shippingCost: 120.15, amount: 506.15 }));
    const got = await t.http.get(`/v1/orders/${created.body.data.id}`).set(t.auth).expect(200);
    expect(got.body.data).toEqual(expect.objectContaining({ shippingAddress: ADDRESS, shippingCost: 120.15, amount: 506.15 }));
    const payments = await t.http.get(`/v1/payments?orderId=${created.body.data.id}`).set(t.auth).expect(200);
    expect(payments.body.data).toEqual([expect.objectContaining({ amount: 506.15, status: 'PENDING' })]);
  });

  it('the document itself (`not`) refuses a shippingAddress with shippingAddressDisabled: true, as the mock does', async () => {
    const backend = createBackend();
    await backend.init();
    const validate = (body: object) =>
      backend.validator.validateRequest({ method: 'post', path: '/orders', headers: { 'content-type': 'application/json' }, query: {}, body }, 'createOrder');
    expect(validate({ customer: CUSTOMER, items: ITEMS, shippingAddressDisabled: true, shippingAddress: ADDRESS }).valid).toBe(false);
    expect(validate({ customer: CUSTOMER, items: ITEMS, shippingAddressDisabled: false, shippingAddress: ADDRESS }).valid).toBe(true);
    expect(validate({ customer: CUSTOMER, items: ITEMS, shippingAddressDisabled: true }).valid).toBe(true);
  });
});
