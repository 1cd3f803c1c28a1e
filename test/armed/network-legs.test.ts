/**
 * The other legs' network failures through a mock listening on 127.0.0.1 port 0: the token request's answer held or
 * lost (Node's fetch sees what a shop sees), a webhook delivery that connects late or is cut mid-body (a real
 * receiver sees it), and the checkout page held or unavailable (fetch as the payer's browser); each journaled as what
 * it was and met in coverage.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { legReceiver, payAnOrder } from '../support/leg-receiver.ts';
import { until } from '../support/webhook-receiver.ts';
import { call, placeOrder, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

const HOLD_SECONDS = 0.3;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

type Leg = 'auth.token.slow' | 'auth.token.lost' | 'webhook.connect-delay' | 'webhook.reset-mid-body' | 'checkout.slow' | 'checkout.503';

async function mockWith(outcome: Leg, heldAnswerSeconds = HOLD_SECONDS): Promise<Mock> {
  const mock = await startCheckedMock({ seedData: 'none', timeouts: { heldAnswerSeconds } });
  closers.push(() => mock.stop());
  await mock.admin.outcomes.arm(outcome);
  return mock;
}

function requestToken(mock: Mock): Promise<Response | Error> {
  const { clientId, clientSecret } = mock.credentials;
  return fetch(`${mock.url}/v1/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: clientId, client_secret: clientSecret }),
    signal: AbortSignal.timeout(5000),
  }).catch((error: unknown) => error as Error);
}

const coverageOf = async (mock: Mock, id: string) => (await mock.admin.coverage('mock-client')).outcomes.find((outcome) => outcome.id === id);

describe('the token request’s leg', () => {
  it('auth.token.lost: the token is issued, the shop reads a socket error; the journal says reply_lost', async () => {
    const mock = await mockWith('auth.token.lost');
    // Another request does not meet it: only a token request does.
    expect((await call(mock, 'GET', '/v1/orders')).status).toBe(401);
    expect(await requestToken(mock)).toBeInstanceOf(TypeError);
    const [entry] = await mock.admin.requests.list({ operationId: 'issueToken' });
    expect(entry).toMatchObject({ status: 200, network: 'reply_lost', armed: ['auth.token.lost'] });
    expect((await mock.admin.clients.tokens('mock-client')).length).toBeGreaterThan(0);
    expect(await coverageOf(mock, 'auth.token.lost')).toMatchObject({ status: 'met' });
    expect(((await requestToken(mock)) as Response).status).toBe(200);
  });

  it('auth.token.slow: the token answer arrives after the hold', async () => {
    const mock = await mockWith('auth.token.slow');
    const answer = (await requestToken(mock)) as Response;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: { access_token: string } }).data.access_token).toEqual(expect.any(String));
    const [entry] = await mock.admin.requests.list({ operationId: 'issueToken' });
    expect(entry).toMatchObject({ status: 200, network: 'held', armed: ['auth.token.slow'] });
    expect(await coverageOf(mock, 'auth.token.slow')).toMatchObject({ status: 'met' });
  });
});

describe('the webhook receiver’s leg', () => {
  it('webhook.reset-mid-body: the receiver reads an aborted request; the attempt is journaled so, and the retry is delivered whole', async () => {
    const hooks = await legReceiver(closers);
    const mock = await mockWith('webhook.reset-mid-body');
    await mock.admin.clients.setWebhook('mock-client', { url: hooks.url, secret: 'whsec_legs_test_secret' });
    await payAnOrder(mock);
    let deliveries = await mock.admin.webhooks.deliveries();
    await until(() => hooks.aborted === 2, 'two aborted requests', 5000);
    for (let tries = 0; tries < 100 && deliveries.some((delivery) => delivery.attempts.length === 0); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      deliveries = await mock.admin.webhooks.deliveries();
    }
    expect(hooks.complete).toEqual([]);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ status: 'pending', attempts: [{ network: 'reset_mid_body', error: expect.any(String) }] });
    }
    expect(await coverageOf(mock, 'webhook.reset-mid-body')).toMatchObject({ status: 'met' });
    await mock.admin.clock.advance(60);
    await until(() => hooks.complete.length === 2, 'the retries, whole', 5000);
    expect(hooks.complete.map((body) => (JSON.parse(body) as { type: string }).type).sort()).toEqual(['order.status_changed', 'payment.status_changed']);
  });

  it('webhook.connect-delay: the delivery arrives after the delay; its attempt says how long it waited', async () => {
    const hooks = await legReceiver(closers);
    const mock = await mockWith('webhook.connect-delay');
    await mock.admin.clients.setWebhook('mock-client', { url: hooks.url, secret: 'whsec_legs_test_secret' });
    const orderId = await payAnOrder(mock);
    await until(() => hooks.complete.length === 2, 'both deliveries', 5000);
    let deliveries = await mock.admin.webhooks.deliveries();
    for (let tries = 0; tries < 100 && deliveries.some((delivery) => delivery.status !== 'delivered'); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      deliveries = await mock.admin.webhooks.deliveries();
    }
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ status: 'delivered', attempts: [{ statusCode: 200, network: 'connect_delayed', delayedMs: HOLD_SECONDS * 1000 }] });
    }
    expect(await coverageOf(mock, 'webhook.connect-delay')).toMatchObject({ status: 'met' });
    const story = await mock.admin.orders.story(orderId);
    expect(story.entries.map((one) => one.summary)).toContain(`Attempt 1 of order.status_changed: the receiver answered 200 (connected ${HOLD_SECONDS} s late: armed webhook.connect-delay)`);
  });
});

describe('the checkout page’s leg', () => {
  const openCheckout = async (mock: Mock, signal?: AbortSignal) => {
    const orderId = await placeOrder(mock, await tokenFor(mock));
    const page = fetch(`${mock.url}/checkout/${orderId}`, { signal: signal ?? AbortSignal.timeout(5000) }).catch((error: unknown) => error as Error);
    return { orderId, page };
  };

  it('checkout.503: the payer’s page answers 503 with Retry-After; the order’s story says so; the next page is as before', async () => {
    const mock = await mockWith('checkout.503');
    const { orderId, page } = await openCheckout(mock);
    const answer = (await page) as Response;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(await answer.text()).toContain('indisponível');
    expect(await coverageOf(mock, 'checkout.503')).toMatchObject({ status: 'met' });
    const story = await mock.admin.orders.story(orderId);
    expect(story.entries.map((one) => one.summary)).toContain('The checkout page answered 503, nothing done (armed checkout.503)');
    expect((await fetch(`${mock.url}/checkout/${orderId}`)).status).toBe(200);
  });

  it('checkout.slow: a browser that gives up during the hold reads nothing; stopping the mock does not wait for a held page', async () => {
    const mock = await mockWith('checkout.slow', 60);
    await mock.admin.outcomes.arm('checkout.slow');
    const { orderId, page } = await openCheckout(mock, AbortSignal.timeout(200));
    expect(await page).toMatchObject({ name: 'TimeoutError' });
    expect(await coverageOf(mock, 'checkout.slow')).toMatchObject({ status: 'met' });
    expect((await mock.admin.orders.story(orderId)).entries.map((one) => one.summary)).toContain('The checkout page was held before it answered (armed checkout.slow)');
    // The second arm: held 60 s; stopping the mock does not wait for it.
    const held = fetch(`${mock.url}/checkout/${orderId}`).catch((error: unknown) => error as Error);
    for (let tries = 0; tries < 100 && (await mock.admin.outcomes.armed()).some((arm) => arm.outcome === 'checkout.slow' && arm.remaining > 0); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await mock.stop();
    closers.splice(0);
    expect(await held).toBeInstanceOf(TypeError);
  });
});
