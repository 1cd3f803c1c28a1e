/**
 * A subscription's story (`GET /__admin/subscriptions/{subscription_id}/story`): its create request, each charge and
 * retry and how it ended, the status each end led to (PAST_DUE while retries remain, CANCELLED once they ran out), and
 * the webhooks with their attempts. Hostile: an unknown id, a malformed one, another client's selection.
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, withScenario, type TestApp } from '../support/test-app.ts';
import { receiversClosedAfterEach, until } from '../support/webhook-receiver.ts';
import { appSendingTo } from '../support/webhook-support.ts';

const receiver = receiversClosedAfterEach();
const DAY = 86_400;
const NEW_SUBSCRIPTION = {
  plan: { originPlanId: 'PLAN-M', name: 'Mensal', price: 499, interval: 'monthly' },
  customer: { merchantCustomerId: 'CUST-1', name: 'Ana Muianga', phone: '+258841234567' },
};

interface Entry {
  at: string;
  kind: string;
  [field: string]: unknown;
}

async function subscribe(t: TestApp): Promise<string> {
  const answer = await t.http.post('/v1/subscriptions').set(bearer(await tokenFor(t))).send(NEW_SUBSCRIPTION).expect(201);
  return answer.body.data.id as string;
}

async function storyOf(t: TestApp, subscriptionId: string) {
  return (await t.http.get(`/__admin/subscriptions/${subscriptionId}/story`).expect(200)).body.data as {
    status: string;
    attempts: number;
    maxAttempts: number;
    charges: Array<{ status: string }>;
    entries: Entry[];
  };
}

async function advance(t: TestApp, seconds: number): Promise<void> {
  t.clock.advance(seconds);
  await t.core.tick();
  // Each webhook's attempts are made before the clock moves on.
  await t.core.webhooks.idle();
}

describe("a subscription's story", () => {
  it('tells a failed first charge, PAST_DUE, the retry paid and ACTIVE, with the webhooks and their attempts', async () => {
    const hooks = await receiver();
    const scenarios = withScenario({ name: 'first-fails', subscriptions: { failingAttempts: [1] } });
    const t = await appSendingTo(hooks.url, { scenario: 'first-fails' }, scenarios);
    const id = await subscribe(t);
    const created = t.clock.now().toISOString();
    await advance(t, 60);
    const failedAt = t.clock.now().toISOString();
    await advance(t, DAY);
    const retriedAt = t.clock.now().toISOString();
    await advance(t, 60);
    const paidAt = t.clock.now().toISOString();
    await until(() => hooks.received.length >= 4, 'two payment and two subscription webhooks');
    await t.core.webhooks.idle();

    const story = await storyOf(t, id);
    expect(story).toMatchObject({ status: 'ACTIVE', attempts: 0, maxAttempts: 3, charges: [{ status: 'FAILED' }, { status: 'PAID' }] });
    const told = story.entries.filter((entry) => entry.kind !== 'webhook_delivery' && entry.kind !== 'webhook_attempt');
    expect(told).toMatchObject([
      { kind: 'request', at: created, method: 'POST', path: '/v1/subscriptions', statusCode: 201 },
      { kind: 'status_change', at: created, status: 'PENDING' },
      { kind: 'charge', at: created, status: 'PENDING', chargeAttempt: 1, amount: 499 },
      { kind: 'charge', at: failedAt, status: 'FAILED', chargeAttempt: 1, failureReason: { code: 'PAYMENT_FAILED' } },
      { kind: 'status_change', at: failedAt, from: 'PENDING', status: 'PAST_DUE', cause: { by: 'billing' } },
      { kind: 'charge', at: retriedAt, status: 'PENDING', chargeAttempt: 2 },
      { kind: 'charge', at: paidAt, status: 'PAID', chargeAttempt: 2 },
      { kind: 'status_change', at: paidAt, from: 'PAST_DUE', status: 'ACTIVE', cause: { by: 'billing' } },
    ]);
    expect(told).toHaveLength(8);
    const hooksTold = story.entries.filter((entry) => entry.kind.startsWith('webhook_'));
    expect(hooksTold.map((entry) => [entry.kind, entry.at, entry['eventType'] ?? entry['statusCode']])).toEqual([
      ['webhook_delivery', failedAt, 'payment.status_changed'],
      ['webhook_attempt', failedAt, 200],
      ['webhook_delivery', failedAt, 'subscription.status_changed'],
      ['webhook_attempt', failedAt, 200],
      ['webhook_delivery', paidAt, 'payment.status_changed'],
      ['webhook_attempt', paidAt, 200],
      ['webhook_delivery', paidAt, 'subscription.status_changed'],
      ['webhook_attempt', paidAt, 200],
    ]);
    // Each delivery comes after the status change it tells of.
    expect(story.entries.at(-1)).toMatchObject({ kind: 'webhook_attempt', at: paidAt });
  });

  it('tells the dunning: three failed attempts, PAST_DUE, then CANCELLED', async () => {
    const t = await createTestApp({ scenario: 'subscription-retries-exhausted' });
    const id = await subscribe(t);
    await advance(t, 60);
    for (let retry = 2; retry <= 3; retry += 1) {
      await advance(t, DAY);
      await advance(t, 60);
    }

    const story = await storyOf(t, id);
    expect(story).toMatchObject({ status: 'CANCELLED', attempts: 3, charges: [{ status: 'FAILED' }, { status: 'FAILED' }, { status: 'FAILED' }] });
    const ended = story.entries.filter((entry) => (entry.kind === 'charge' && entry['status'] !== 'PENDING') || entry.kind === 'status_change');
    expect(ended.map((entry) => [entry.kind, entry['chargeAttempt'] ?? entry['status']])).toEqual([
      ['status_change', 'PENDING'],
      ['charge', 1],
      ['status_change', 'PAST_DUE'],
      ['charge', 2],
      ['charge', 3],
      ['status_change', 'CANCELLED'],
    ]);
  });
});

describe("a subscription's story, hostile", () => {
  it('answers 404 not_found for an unknown id or another client, and 400 for a malformed or over-long id', async () => {
    const t = await createTestApp();
    const id = await subscribe(t);
    expect((await t.http.get('/__admin/subscriptions/sub_nothing/story').expect(404)).body).toMatchObject({ error: 'not_found' });
    expect((await t.http.get(`/__admin/subscriptions/${id}/story?clientId=job-a`).expect(404)).body).toMatchObject({ error: 'not_found' });
    await t.http.get(`/__admin/subscriptions/${id}/story?clientId=mock-client`).expect(200);
    await t.http.get(`/__admin/subscriptions/${encodeURIComponent('bad id\u0000é')}/story`).expect(400);
    await t.http.get(`/__admin/subscriptions/${'s'.repeat(201)}/story`).expect(400);
  });
});
