/**
 * A shared mock, as two CI jobs use it: two tenants, at the same time, each verifies its message pact as itself
 * (`?clientId=`), runs the whole integration flow (token, product, customer, order, payment, status polls, lists)
 * and a webhook drill. Neither sees the other: afterwards each holds exactly what its own flow made, its token
 * still works, its clock is where it was; a third tenant that only watched is untouched.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Drill } from '../../src/drills/drill-run.ts';
import { runDrill, STANDARD_SECRET } from '../support/drill-support.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts';

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});

interface Tenant {
  clientId: string;
  clientSecret: string;
  frozenAt: string;
}

async function tenant(t: TestApp, frozenAt: string): Promise<Tenant> {
  const made = (await t.http.post('/__admin/tenants').send({ seedData: 'none', clock: { frozenAt } }).expect(201)).body.data as { clientId: string; clientSecret: string };
  return { ...made, frozenAt };
}

/** What the standalone verifier sends for one message interaction, as the tenant itself. */
async function verifyMessageAs(t: TestApp, who: Tenant) {
  const state = { state: 'order.paid is triggered', params: { event: 'order.paid' } };
  const pact = (path: string) => `/__admin/pact/${path}?clientId=${who.clientId}`;
  await t.http.post(pact('provider-states')).send({ ...state, action: 'setup' }).expect(200);
  const message = await t.http
    .post(pact('messages'))
    .send({ description: 'an order.status_changed webhook', providerStates: [{ name: state.state, params: state.params }] })
    .expect(200);
  await t.http.post(pact('provider-states')).send({ ...state, action: 'teardown' }).expect(200);
  return message.body as { type: string; createdAt: string; data: { status: string } };
}

/** The integration flow of a merchant: what it made. */
async function integrationFlow(t: TestApp, who: Tenant) {
  const token = await tokenFor(t, { client_id: who.clientId, client_secret: who.clientSecret });
  const auth = bearer(token);
  const product = (await t.http.post('/v1/products').set(auth).send({ name: `Caju de ${who.clientId}`, price: 120 }).expect(201)).body.data as { id: string };
  const customer = (await t.http.post('/v1/customers').set(auth).send({ name: 'Ana Machava', phone: '+258 84 123 4567' }).expect(201)).body.data as { id: string };
  const order = (
    await t.http
      .post('/v1/orders')
      .set(auth)
      .send({ customer: { merchantCustomerId: `C-${who.clientId}`, name: 'Ana' }, items: [{ originProductId: 'P-1', name: 'Caju', price: 120, quantity: 2 }] })
      .expect(201)
  ).body.data as { id: string };
  // The default progression pays on the third poll.
  let status = '';
  for (let poll = 0; poll < 3; poll += 1) status = (await t.http.get(`/v1/orders/${order.id}/status`).set(auth).expect(200)).body.data.status as string;
  const payments = (await t.http.get(`/v1/payments?orderId=${order.id}`).set(auth).expect(200)).body.data as Array<{ status: string }>;
  return { token, productId: product.id, customerId: customer.id, orderId: order.id, status, payments };
}

const namesOf = async (t: TestApp, token: string, path: string) => ((await t.http.get(path).set(bearer(token)).expect(200)).body.data as Array<{ name: string }>).map((record) => record.name).sort();
const idsOf = async (t: TestApp, token: string, path: string) => ((await t.http.get(path).set(bearer(token)).expect(200)).body.data as Array<{ id: string }>).map((record) => record.id).sort();

describe('two tenants on one mock at the same time', () => {
  it('each verifies its message pact, runs the integration flow and a drill; neither touches the other nor a third', async () => {
    const t = await createTestApp();
    const [a, b, watcher] = [await tenant(t, '2031-01-10T09:00:00.000Z'), await tenant(t, '2032-06-20T15:30:00.000Z'), await tenant(t, '2033-03-03T03:03:03.000Z')];
    const watcherToken = await tokenFor(t, { client_id: watcher.clientId, client_secret: watcher.clientSecret });
    const watcherOrder = await integrationFlow(t, watcher);

    const receiver = await startReceiver();
    receivers.push(receiver);
    const job = async (who: Tenant) => {
      const drill = runDrill(t, { url: receiver.url, clientId: who.clientId, secret: STANDARD_SECRET, seed: 7 }, 60_000);
      const message = await verifyMessageAs(t, who);
      const flow = await integrationFlow(t, who);
      return { message, flow, drill: await drill };
    };
    const [jobA, jobB] = await Promise.all([job(a), job(b)]);

    for (const [who, done] of [[a, jobA], [b, jobB]] as const) {
      // The message was produced on the tenant's own clock.
      expect(done.message).toMatchObject({ type: 'order.status_changed', createdAt: who.frozenAt, data: { status: 'PAID' } });
      expect(done.flow.status).toBe('PAID');
      expect(done.flow.payments.map((payment) => payment.status)).toEqual(['PAID']);
      expect((done.drill as Drill).status).not.toBe('running');
      // Exactly what its own flow made: the message session's records are gone, the other tenant's never here.
      expect(await idsOf(t, done.flow.token, '/v1/orders')).toEqual([done.flow.orderId]);
      // Its own product, and the one its order's line made (`originProductId` P-1).
      expect(await namesOf(t, done.flow.token, '/v1/products')).toEqual(['Caju', `Caju de ${who.clientId}`]);
      // Its own customer, and the one its order named (`merchantCustomerId`).
      expect(await namesOf(t, done.flow.token, '/v1/customers')).toEqual(['Ana', 'Ana Machava']);
      expect(await idsOf(t, done.flow.token, '/v1/customers')).toContain(done.flow.customerId);
      expect((await t.http.get(`/__admin/clients/${who.clientId}/clock`).expect(200)).body.data).toMatchObject({ own: true, now: who.frozenAt });
    }
    // The watcher: its token, records and clock as they were.
    expect(await idsOf(t, watcherToken, '/v1/orders')).toEqual([watcherOrder.orderId]);
    expect(await namesOf(t, watcherOrder.token, '/v1/products')).toEqual(['Caju', `Caju de ${watcher.clientId}`]);
    expect((await t.http.get(`/__admin/clients/${watcher.clientId}/clock`).expect(200)).body.data).toMatchObject({ own: true, now: watcher.frozenAt });
  });

  it('refuses a verifying client the mock does not know: 404, nothing changed', async () => {
    const t = await createTestApp();
    const before = t.store.count('orders');
    const answer = await t.http.post('/__admin/pact/provider-states?clientId=nobody').send({ state: 'order.paid is triggered', params: { event: 'order.paid' }, action: 'setup' }).expect(404);
    expect(answer.body).toMatchObject({ error: 'not_found', message: 'Cliente desconhecido: nobody' });
    const message = await t.http.post('/__admin/pact/messages?clientId=nobody').send({ description: 'x', providerStates: [{ name: 'order.paid is triggered' }] }).expect(404);
    expect(message.body.error).toBe('not_found');
    expect(t.store.count('orders')).toBe(before);
  });
});
