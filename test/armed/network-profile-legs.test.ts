/**
 * A network profile's other legs (docs/network-failures.md#profiles) through a mock listening on 127.0.0.1 port 0:
 * `webhooks` (a real receiver reads the attempts cut mid-body or connected late, the delivery log says so and names
 * the profile) and `checkout` (the payer's page, fetched as a browser fetches it, answers 503 or is held); its seeded
 * rate over 200 pages; another client untouched. Every admin answer is checked against its document.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminSchemas } from '../../src/sdk/admin-client.ts';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { legReceiver, payAnOrder } from '../support/leg-receiver.ts';
import { until } from '../support/webhook-receiver.ts';
import { placeOrder, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

const HOLD_SECONDS = 0.3;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function mockWith(heldAnswerSeconds = HOLD_SECONDS): Promise<Mock> {
  const mock = await startCheckedMock({ seedData: 'none', timeouts: { heldAnswerSeconds }, rateLimit: { enabled: false } });
  closers.push(() => mock.stop());
  return mock;
}

type Stage = AdminSchemas['NetworkProfileStage'];
const profileOf = (stage: Stage) => ({ stages: [stage] });

/** The client's deliveries once each is `done` (or after about two seconds, as they then are). */
async function deliveriesOnce(mock: Mock, done: (delivery: AdminSchemas['Delivery']) => boolean): Promise<AdminSchemas['Delivery'][]> {
  let deliveries = await mock.admin.webhooks.deliveries();
  for (let tries = 0; tries < 100 && !deliveries.every(done); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    deliveries = await mock.admin.webhooks.deliveries();
  }
  return deliveries;
}

/**
 * A receiver for the client's webhooks, a profile whose one stage `name` has this webhooks leg, whatever `before`
 * does (an arm), then an order paid: its two deliveries go out.
 */
async function paidUnder(name: string, webhooks: Stage['webhooks'], before?: (mock: Mock) => Promise<unknown>) {
  const hooks = await legReceiver(closers);
  const mock = await mockWith();
  await mock.admin.clients.setWebhook('mock-client', { url: hooks.url, secret: 'whsec_profile_legs_secret' });
  await mock.admin.network.apply(profileOf({ name, api: {}, ...(webhooks && { webhooks }) }), { seed: 4 });
  await before?.(mock);
  return { hooks, mock, orderId: await payAnOrder(mock) };
}

const summaries = async (mock: Mock, orderId: string) => (await mock.admin.orders.story(orderId)).entries.map((entry) => entry.summary);

describe('a network profile on the webhook receiver’s leg', () => {
  it('resetMidBody 1: the receiver reads aborted requests, each attempt says reset_mid_body and names the profile; once removed, the retries arrive whole', async () => {
    const { hooks, mock, orderId } = await paidUnder('cut', { resetMidBody: 1 });
    await until(() => hooks.aborted === 2, 'two aborted requests', 5000);
    const deliveries = await deliveriesOnce(mock, (one) => one.attempts.length >= 1);
    expect(hooks.complete).toEqual([]);
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({
        status: 'pending',
        attempts: [{ network: 'reset_mid_body', profile: 'inline@cut', error: expect.any(String) }],
      });
    }
    expect((await mock.admin.network.get()).faults).toMatchObject({ resetMidBody: 2, connectDelay: 0, checkoutSlow: 0, checkoutUnavailable: 0 });
    expect(await summaries(mock, orderId)).toContainEqual(expect.stringMatching(/^Attempt 1 of order\.status_changed: no answer: .+ \(cut half-way through its body: network profile inline@cut\)$/));
    expect(await mock.admin.network.remove()).toBe(true);
    await mock.admin.clock.advance(60);
    await until(() => hooks.complete.length === 2, 'the retries, whole', 5000);
    for (const delivery of await deliveriesOnce(mock, (one) => one.attempts.length >= 2)) expect(delivery.attempts[1]).not.toHaveProperty('network');
  });

  it('connectDelay 1: each delivery arrives after the mock’s hold; its attempt says how long it waited and which profile delayed it', async () => {
    const { hooks, mock, orderId } = await paidUnder('late', { connectDelay: 1 });
    await until(() => hooks.complete.length === 2, 'both deliveries', 5000);
    for (const delivery of await deliveriesOnce(mock, (one) => one.status === 'delivered')) {
      expect(delivery).toMatchObject({ status: 'delivered', attempts: [{ statusCode: 200, network: 'connect_delayed', delayedMs: HOLD_SECONDS * 1000, profile: 'inline@late' }] });
    }
    expect(await summaries(mock, orderId)).toContain(`Attempt 1 of order.status_changed: the receiver answered 200 (connected ${HOLD_SECONDS} s late: network profile inline@late)`);
  });

  it('an armed outcome decides the attempt it meets: the profile leaves that attempt alone', async () => {
    const { hooks, mock } = await paidUnder('cut', { resetMidBody: 1 }, (armed) => armed.admin.outcomes.arm('webhook.connect-delay'));
    await until(() => hooks.complete.length === 2, 'both deliveries, delayed by the arm', 5000);
    for (const delivery of await deliveriesOnce(mock, (one) => one.attempts.length >= 1)) {
      expect(delivery.attempts[0]).toMatchObject({ network: 'connect_delayed', statusCode: 200 });
      expect(delivery.attempts[0]).not.toHaveProperty('profile');
    }
    expect((await mock.admin.network.get()).faults.resetMidBody).toBe(0);
  });
});

describe('a network profile on the checkout page’s leg', () => {
  it('unavailable 1: the payer’s page answers 503 with Retry-After: 30, the order’s story names the profile; another client’s page is answered as usual', async () => {
    const mock = await mockWith();
    await mock.admin.clients.create({ clientId: 'shop', clientSecret: 'shop-secret' });
    const shopToken = await tokenFor(mock, { clientId: 'shop', clientSecret: 'shop-secret' });
    await mock.admin.network.apply(profileOf({ name: 'down', api: {}, checkout: { unavailable: 1 } }), { seed: 6 });
    const orderId = await placeOrder(mock, await tokenFor(mock));
    const answer = await fetch(`${mock.url}/checkout/${orderId}`, { signal: AbortSignal.timeout(5000) });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(await answer.text()).toContain('indisponível');
    expect(await summaries(mock, orderId)).toContain('The checkout page answered 503, nothing done (network profile inline@down)');
    expect((await mock.admin.network.get()).faults).toMatchObject({ checkoutUnavailable: 1, checkoutSlow: 0 });
    const shopOrder = await placeOrder(mock, shopToken);
    expect((await fetch(`${mock.url}/checkout/${shopOrder}`, { signal: AbortSignal.timeout(5000) })).status).toBe(200);
    expect(await summaries(mock, shopOrder)).not.toContain('The checkout page answered 503, nothing done (network profile inline@down)');
  });

  it('slow 1: the page is answered after the hold, whole', async () => {
    const mock = await mockWith();
    await mock.admin.network.apply(profileOf({ name: 'crawl', api: {}, checkout: { slow: 1 } }), { seed: 6 });
    const orderId = await placeOrder(mock, await tokenFor(mock));
    const answer = await fetch(`${mock.url}/checkout/${orderId}`, { signal: AbortSignal.timeout(5000) });
    expect(answer.status).toBe(200);
    expect(await summaries(mock, orderId)).toContain('The checkout page was held before it answered (network profile inline@crawl)');
    expect((await mock.admin.network.get()).faults.checkoutSlow).toBe(1);
  });

  it('unavailable 0.3 over 200 seeded pages: the share of 503s within ±0.1, counted in the view, and the same seed gives the same pages', async () => {
    const RATE = 0.3;
    const runs: number[][] = [];
    for (const run of [1, 2]) {
      const mock = await mockWith();
      await mock.admin.network.apply(profileOf({ name: 'patchy', api: {}, checkout: { unavailable: RATE } }), { seed: 77 });
      const orderId = await placeOrder(mock, await tokenFor(mock));
      const statuses: number[] = [];
      for (let page = 0; page < 200; page += 1) {
        const answer = await fetch(`${mock.url}/checkout/${orderId}`, { signal: AbortSignal.timeout(5000) });
        await answer.arrayBuffer();
        statuses.push(answer.status);
      }
      const refused = statuses.filter((status) => status === 503).length;
      expect(statuses.filter((status) => status !== 503 && status !== 200), `run ${run}`).toEqual([]);
      expect(Math.abs(refused / 200 - RATE), `run ${run}`).toBeLessThanOrEqual(0.1);
      expect((await mock.admin.network.get()).faults.checkoutUnavailable).toBe(refused);
      runs.push(statuses);
    }
    expect(runs[1]).toEqual(runs[0]);
  }, 60_000);
});
