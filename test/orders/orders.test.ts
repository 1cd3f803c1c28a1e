import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

async function setup(): Promise<TestApp & { auth: { Authorization: string } }> {
  const t = await createTestApp();
  return { ...t, auth: bearer(await tokenFor(t)) };
}

const NEW_CUSTOMER = { merchantCustomerId: 'CUST-1', name: 'Ana Muianga', email: 'ana@example.co.mz', phone: '+258 84 123 4567' };
const NEW_ITEM = { originProductId: 'SKU-1', name: 'Caju torrado', quantity: 2, price: 150 };

/** What an order request may write; a refused one must leave all of it empty. */
function stored(t: TestApp) {
  const count = (name: 'orders' | 'customers' | 'products' | 'payments') => t.store.count(name);
  return { orders: count('orders'), customers: count('customers'), products: count('products'), payments: count('payments') };
}
const NOTHING = { orders: 0, customers: 0, products: 0, payments: 0 };

describe('create order', () => {
  it('from new customer and item data: upserts both, prices in centavos, PENDING with a checkout link', async () => {
    const t = await setup();
    const response = await t.http
      .post('/v1/orders')
      .set(t.auth)
      .send({ customer: NEW_CUSTOMER, items: [NEW_ITEM], source: { source: 'woocommerce' } })
      .expect(201);
    const order = response.body.data;
    expect(order).toEqual(
      expect.objectContaining({
        status: 'PENDING',
        subtotal: 300,
        shippingCost: 0,
        amount: 300,
        currency: 'MZN',
        source: { source: 'woocommerce' },
        statusHistory: [{ status: 'PENDING', at: '2026-03-02T10:00:00.000Z' }],
      }),
    );
    expect(order.orderId).toBe(order.id);
    expect(order.checkout).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/checkout/${order.id}$`));
    expect(order.items).toEqual([expect.objectContaining({ name: 'Caju torrado', quantity: 2, price: 150, total: 300 })]);
    const customers = await t.http.get('/v1/customers').set(t.auth).expect(200);
    expect(customers.body.data).toEqual([expect.objectContaining({ id: order.customerId, merchantCustomerId: 'CUST-1' })]);
    const products = await t.http.get('/v1/products').set(t.auth).expect(200);
    expect(products.body.data).toEqual([expect.objectContaining({ id: order.items[0].productId, originProductId: 'SKU-1' })]);
  });

  it('a second order with the same merchant keys reuses the customer and product', async () => {
    const t = await setup();
    const first = await t.http.post('/v1/orders').set(t.auth).send({ customer: NEW_CUSTOMER, items: [NEW_ITEM] }).expect(201);
    const second = await t.http.post('/api/orders').set(t.auth).send({ customer: NEW_CUSTOMER, items: [NEW_ITEM] }).expect(201);
    expect(second.body.data.customerId).toBe(first.body.data.customerId);
    expect(second.body.data.items[0].productId).toBe(first.body.data.items[0].productId);
    expect(t.store.count('customers')).toBe(1);
    expect(t.store.count('products')).toBe(1);
  });

  it('from existing customerId and productId', async () => {
    const t = await setup();
    const customer = await t.http.post('/v1/customers').set(t.auth).send({ name: 'Rui Cossa' }).expect(201);
    const product = await t.http.post('/v1/products/create').set(t.auth).send({ name: 'Piri-piri', price: 85.5 }).expect(201);
    const response = await t.http
      .post('/v1/orders')
      .set(t.auth)
      .send({ customer: { customerId: customer.body.data.id }, items: [{ productId: product.body.data.id, quantity: 3 }] })
      .expect(201);
    expect(response.body.data).toEqual(expect.objectContaining({ customerId: customer.body.data.id, subtotal: 256.5, amount: 256.5 }));
    expect(response.body.data.items[0]).toEqual(expect.objectContaining({ name: 'Piri-piri', price: 85.5, total: 256.5 }));
  });

  it('computes money in integer centavos: 3 × 0.10 + 0.20 shipping is exactly 0.5', async () => {
    const t = await setup();
    const response = await t.http
      .post('/v1/orders')
      .set(t.auth)
      .send({
        customer: NEW_CUSTOMER,
        items: [{ name: 'Rebuçado', quantity: 3, price: 0.1 }],
        shippingCost: 0.2,
        shippingAddress: { street: 'Av. Julius Nyerere', number: '1', city: 'Maputo', zipCode: '1100', country: 'MZ' },
      })
      .expect(201);
    expect(response.body.data).toEqual(expect.objectContaining({ subtotal: 0.3, shippingCost: 0.2, amount: 0.5 }));
    expect(response.body.data.items[0].total).toBe(0.3);
  });

  it('with shippingAddressDisabled and deliveryInfoDisabled and no address', async () => {
    const t = await setup();
    const response = await t.http
      .post('/v1/orders')
      .set(t.auth)
      .send({ customer: NEW_CUSTOMER, items: [NEW_ITEM], shippingAddressDisabled: true, deliveryInfoDisabled: true })
      .expect(201);
    expect(response.body.data).toEqual(expect.objectContaining({ shippingAddressDisabled: true, deliveryInfoDisabled: true }));
    expect(response.body.data).not.toHaveProperty('shippingAddress');
  });

  it('refuses an address together with shippingAddressDisabled, writing nothing', async () => {
    const t = await setup();
    const response = await t.http
      .post('/v1/orders')
      .set(t.auth)
      .send({ customer: NEW_CUSTOMER, items: [NEW_ITEM], shippingAddressDisabled: true, shippingAddress: { city: 'Beira' } })
      .expect(400);
    expect(response.body.details).toEqual([{ path: 'shippingAddress', message: 'não pode ser enviado com shippingAddressDisabled: true' }]);
    expect(t.store.count('orders') + t.store.count('customers') + t.store.count('products')).toBe(0);
  });

  it.each([
    ['empty items', { customer: NEW_CUSTOMER, items: [] }],
    ['no items field', { customer: NEW_CUSTOMER }],
  ])('refuses an order with %s: "Pedido deve conter pelo menos um item"', async (_label, body) => {
    const t = await setup();
    const response = await t.http.post('/v1/orders').set(t.auth).send(body).expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.message).toBe('Pedido deve conter pelo menos um item');
    expect(stored(t)).toEqual(NOTHING);
  });

  it('refuses an order without customer, writing nothing', async () => {
    const t = await setup();
    const response = await t.http.post('/v1/orders').set(t.auth).send({ items: [NEW_ITEM] }).expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details).toContainEqual(expect.objectContaining({ path: 'customer' }));
    expect(stored(t)).toEqual(NOTHING);
  });

  it('takes an amount of exactly 1 000 000 000 MZN and refuses one centavo more, writing nothing', async () => {
    const t = await setup();
    const item = { ...NEW_ITEM, price: 500_000_000, quantity: 2 };
    const over = await t.http.post('/v1/orders').set(t.auth).send({ customer: NEW_CUSTOMER, items: [item], shippingCost: 0.01 }).expect(400);
    expect(over.body).toMatchObject({
      error: 'invalid_request',
      details: [{ path: 'items', message: 'o total do pedido excede o máximo suportado (1 000 000 000 MZN)' }],
    });
    expect(stored(t)).toEqual(NOTHING);
    const atCap = await t.http.post('/v1/orders').set(t.auth).send({ customer: NEW_CUSTOMER, items: [item] }).expect(201);
    expect(atCap.body.data.amount).toBe(1_000_000_000);
  });

  it('refuses unknown references naming each field, writing nothing', async () => {
    const t = await setup();
    const response = await t.http
      .post('/v1/orders')
      .set(t.auth)
      .send({ customer: { customerId: 'cus_missing' }, items: [NEW_ITEM, { productId: 'prod_missing', quantity: 1 }] })
      .expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details.map((detail: { path: string }) => detail.path)).toEqual(['customer.customerId', 'items[1].productId']);
    expect(response.body.message).toContain('items[1].productId');
    expect(t.store.count('orders') + t.store.count('products') + t.store.count('payments')).toBe(0);
  });

  it('refuses a quantity below 1 or fractional, writing nothing', async () => {
    const t = await setup();
    for (const quantity of [0, 1.5]) {
      const body = { customer: NEW_CUSTOMER, items: [{ ...NEW_ITEM, quantity }] };
      const response = await t.http.post('/v1/orders').set(t.auth).send(body).expect(400);
      expect(response.body.error).toBe('invalid_request');
      expect(response.body.details).toContainEqual(expect.objectContaining({ path: 'items[0].quantity' }));
    }
    expect(stored(t)).toEqual(NOTHING);
  });
});

describe('checkout links', () => {
  it('point at the host the client called (a port-mapped localhost too), on get and list as well', async () => {
    const t = await setup();
    const created = await t.http.post('/v1/orders').set(t.auth).set('Host', 'localhost:4010').send({ customer: NEW_CUSTOMER, items: [NEW_ITEM] }).expect(201);
    const id = created.body.data.id as string;
    expect(created.body.data.checkout).toBe(`http://localhost:4010/checkout/${id}`);
    const got = await t.http.get(`/v1/orders/${id}`).set(t.auth).set('Host', 'localhost:8080').expect(200);
    expect(got.body.data.checkout).toBe(`http://localhost:8080/checkout/${id}`);
    const listed = await t.http.get('/v1/orders').set(t.auth).set('Host', '[::1]:8080').expect(200);
    expect(listed.body.data[0].checkout).toBe(`http://[::1]:8080/checkout/${id}`);
  });

  it.each(['evil.example', 'evil.example:4010', 'evil.example/x?y'])(
    'never echo a Host header that names another machine (%s): the socket address is used',
    async (host) => {
      const t = await setup();
      const created = await t.http.post('/v1/orders').set(t.auth).set('Host', host).send({ customer: NEW_CUSTOMER, items: [NEW_ITEM] }).expect(201);
      const id = created.body.data.id as string;
      expect(created.body.data.checkout).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/checkout/${id}$`));
      const got = await t.http.get(`/v1/orders/${id}`).set(t.auth).set('Host', host).expect(200);
      expect(got.body.data.checkout).not.toContain('evil');
    },
  );

  it.each(['127.0.0.1:99999', 'localhost:65536', '127.0.0.1:0'])('never build a link from a Host whose port is out of range (%s)', async (host) => {
    const t = await setup();
    const created = await t.http.post('/v1/orders').set(t.auth).set('Host', host).send({ customer: NEW_CUSTOMER, items: [NEW_ITEM] }).expect(201);
    const link = created.body.data.checkout as string;
    expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/checkout/${created.body.data.id}$`));
    expect(Number(new URL(link).port)).toBeGreaterThan(0);
  });

  it('use --public-url when configured, for seeded orders as well', async () => {
    const t = await createTestApp({ publicUrl: 'https://mock.example.co.mz/', seedData: 'default' });
    const listed = await t.http.get('/v1/orders').set(bearer(await tokenFor(t))).expect(200);
    expect(listed.body.data.length).toBeGreaterThan(0);
    for (const order of listed.body.data) expect(order.checkout).toBe(`https://mock.example.co.mz/checkout/${order.id}`);
  });
});

describe('order get, status and list', () => {
  it('gets an order and 404s on an unknown id', async () => {
    const t = await setup();
    // supertest listens on a new port per request; one Host keeps the checkout links comparable.
    const host = { Host: 'localhost:4010' };
    const created = await t.http.post('/v1/orders').set(t.auth).set(host).send({ customer: NEW_CUSTOMER, items: [NEW_ITEM] }).expect(201);
    const got = await t.http.get(`/api/orders/${created.body.data.id}`).set(t.auth).set(host).expect(200);
    expect(got.body.data).toEqual(created.body.data);
    const missing = await t.http.get('/v1/orders/ord_nope').set(t.auth).expect(404);
    expect(missing.body.error).toBe('not_found');
    const missingStatus = await t.http.get('/v1/orders/ord_nope/status').set(t.auth).expect(404);
    expect(missingStatus.body.error).toBe('not_found');
  });

  it('does not count a HEAD of the status as a poll (HEAD is safe)', async () => {
    const t = await setup();
    const created = await t.http.post('/v1/orders').set(t.auth).send({ customer: NEW_CUSTOMER, items: [NEW_ITEM] }).expect(201);
    const path = `/v1/orders/${created.body.data.id}/status`;
    for (let i = 0; i < 3; i += 1) await t.http.head(path).set(t.auth).expect(200);
    const polls = [];
    for (let i = 0; i < 3; i += 1) polls.push((await t.http.get(path).set(t.auth).expect(200)).body.data.status);
    expect(polls).toEqual(['PENDING', 'PENDING', 'PAID']);
  });

  it('answers status in the contract shape and pays the order on its 3rd poll', async () => {
    const t = await setup();
    const created = await t.http.post('/v1/orders').set(t.auth).send({ customer: NEW_CUSTOMER, items: [NEW_ITEM] }).expect(201);
    const id = created.body.data.id;
    // Public integrations read orderId at the top level or in data, and checkout at the top level.
    expect(created.body.orderId).toBe(id);
    expect(created.body.checkout).toBe(created.body.data.checkout);
    expect(created.body.checkout).toMatch(new RegExp(`/checkout/${id}$`));
    const first = await t.http.get(`/v1/orders/${id}/status`).set(t.auth).expect(200);
    const paymentId = first.body.data.payment.id;
    expect(paymentId).toMatch(/^pay_/);
    expect(first.body).toEqual({
      data: {
        orderId: id,
        status: 'PENDING',
        amount: 300,
        currency: 'MZN',
        updatedAt: '2026-03-02T10:00:00.000Z',
        order: { id, orderId: id, status: 'PENDING', amount: 300 },
        payment: { id: paymentId, orderId: id, status: 'PENDING', amount: 300, currency: 'MZN', method: 'mpesa' },
      },
    });
    t.clock.advance(5);
    await t.http.get(`/api/v1/orders/${id}/status`).set(t.auth).expect(200);
    const third = await t.http.get(`/api/orders/${id}/status`).set(t.auth).expect(200);
    // One status and one order id in every nested record.
    expect(third.body.data.status).toBe('PAID');
    expect(third.body.data.order.status).toBe('PAID');
    expect(third.body.data.payment).toMatchObject({ id: paymentId, orderId: id, status: 'PAID' });
    const order = await t.http.get(`/v1/orders/${id}`).set(t.auth).expect(200);
    expect(order.body.data.statusHistory).toEqual([
      { status: 'PENDING', at: '2026-03-02T10:00:00.000Z' },
      { status: 'PAID', at: '2026-03-02T10:00:05.000Z' },
    ]);
    const payments = await t.http.get(`/api/v1/payments?orderId=${id}`).set(t.auth).expect(200);
    expect(payments.body.data).toEqual([expect.objectContaining({ orderId: id, status: 'PAID', amount: 300, method: 'mpesa' })]);
  });

  it('filters the list by status and customerId', async () => {
    const t = await setup();
    const a = await t.http.post('/v1/orders').set(t.auth).send({ customer: NEW_CUSTOMER, items: [NEW_ITEM] }).expect(201);
    await t.http
      .post('/v1/orders')
      .set(t.auth)
      .send({ customer: { merchantCustomerId: 'CUST-2', name: 'Rui' }, items: [NEW_ITEM] })
      .expect(201);
    for (let i = 0; i < 3; i += 1) await t.http.get(`/v1/orders/${a.body.data.id}/status`).set(t.auth).expect(200);
    const paid = await t.http.get('/v1/orders?status=PAID').set(t.auth).expect(200);
    expect(paid.body.data.map((order: { id: string }) => order.id)).toEqual([a.body.data.id]);
    const byCustomer = await t.http.get(`/v1/orders?customerId=${a.body.data.customerId}`).set(t.auth).expect(200);
    expect(byCustomer.body.pagination.total).toBe(1);
    const refused = await t.http.get('/v1/orders?status=SHIPPED').set(t.auth).expect(400);
    expect(refused.body.details[0].path).toBe('status');
  });
});
