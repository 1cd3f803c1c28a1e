/**
 * The reference flows a recorded contract is made from, run over the API of a test app: the README's walk-through
 * (token, product, batch sync, customer, order polled to PAID, its payments, revocation), a payer who cannot pay,
 * and a call with an expired token.
 */
import { bearer, tokenFor, type TestApp } from './test-app.ts';

const RUN = 'T1';

export async function walkThrough(t: TestApp): Promise<string> {
  const token = await tokenFor(t);
  const auth = bearer(token);
  await t.http.post('/v1/products/create').set(auth).send({ name: 'Capulana estampada', price: 350, originProductId: `SKU-CAP-${RUN}` }).expect(201);
  await t.http
    .post('/v1/products/sync/batch')
    .set(auth)
    .send({ products: [{ originProductId: `SKU-CAP-${RUN}`, name: 'Capulana estampada', price: 375 }, { originProductId: `SKU-CAJ-${RUN}`, name: 'Caju torrado 500 g', price: 180.5 }] })
    .expect(200);
  await t.http.post('/v1/customers').set(auth).send({ name: 'Ana Muianga', phone: '+258 84 123 4567', merchantCustomerId: `CUST-${RUN}` }).expect(201);
  const orderId = await placeOrder(t, token, '+258 84 123 4567');
  for (let poll = 1; poll <= 3; poll += 1) await t.http.get(`/v1/orders/${orderId}/status`).set(auth).expect(200);
  await t.http.get(`/api/v1/payments?orderId=${orderId}`).set(auth).expect(200);
  await t.http.post('/v1/auth/token/revoke').set(auth).send({ token }).expect(200);
  return orderId;
}

/** An order whose payer has insufficient balance (+258 84 000 0001), polled until it fails. */
export async function payerCannotPay(t: TestApp): Promise<string> {
  const token = await tokenFor(t);
  const orderId = await placeOrder(t, token, '+258 84 000 0001');
  for (let poll = 1; poll <= 3; poll += 1) await t.http.get(`/v1/orders/${orderId}/status`).set(bearer(token)).expect(200);
  return orderId;
}

export async function callWithAnExpiredToken(t: TestApp): Promise<void> {
  const token = await tokenFor(t);
  await t.http.post('/__admin/clients/mock-client/tokens/expire').expect(200);
  await t.http.get('/v1/products').set(bearer(token)).expect(401);
}

async function placeOrder(t: TestApp, token: string, phone: string): Promise<string> {
  const placed = await t.http
    .post('/v1/orders')
    .set(bearer(token))
    .send({ customer: { merchantCustomerId: `CUST-${phone.replace(/\D/g, '')}`, name: 'Ana Muianga', phone }, items: [{ originProductId: `SKU-CAJ-${RUN}`, name: 'Caju torrado 500 g', quantity: 2, price: 180.5 }] })
    .expect(201);
  return (placed.body as { data: { id: string } }).data.id;
}

/** A subscription from new plan and customer data, charged on the mock clock until it is ACTIVE. */
export async function subscriptionCharged(t: TestApp): Promise<string> {
  const token = await tokenFor(t);
  const created = await t.http
    .post('/v1/subscriptions')
    .set(bearer(token))
    .send({
      originSubscriptionId: `SUB-${RUN}`,
      plan: { originPlanId: `PLAN-${RUN}`, name: 'Plano Mensal', price: 499, interval: 'monthly' },
      customer: { merchantCustomerId: `CUST-SUB-${RUN}`, name: 'Ana Muianga', phone: '+258 84 123 4567' },
    })
    .expect(201);
  const subscriptionId = (created.body as { data: { id: string } }).data.id;
  for (let minute = 1; minute <= 10; minute += 1) {
    await t.http.post('/__admin/clock/advance').send({ seconds: 60 }).expect(200);
    const read = await t.http.get(`/__admin/clients/mock-client/subscriptions`).expect(200);
    const found = (read.body as { data: Array<{ id: string; status: string }> }).data.find((subscription) => subscription.id === subscriptionId);
    if (found?.status !== 'PENDING') break;
  }
  return subscriptionId;
}
