/**
 * The webhook event catalogue as fixtures: for each event a receiver can be sent, what to create through a running
 * mock's API and admin API (a customer, an order or a subscription), how to move it, and the delivery that results
 * (its type, and the status and id its payload names). `commerce-mock trigger` and the webhook message pact's
 * verification both run them, so a contract is checked against the webhooks the mock really sends.
 */
import { TRIGGERED_WEBHOOKS, type TriggeredWebhook } from '../domain/triggered-webhooks.ts';
import type { WebhookEventType } from '../webhooks/payload.ts';
import { dataField, StateSetupError, type ProviderApi } from './provider-api.ts';

export interface Created {
  kind: string;
  id: string;
  status?: string;
}

export interface FixtureRun {
  /** What the fixture created and moved, in order. */
  created: Created[];
  /** The payload field (`data.<field>`) that names the record the awaited delivery is about, and its id. */
  subject: { field: 'orderId' | 'subscriptionId'; id: string };
}

export interface WebhookFixture {
  /** The name `trigger` takes, e.g. `order.paid`. */
  event: string;
  description: string;
  /** The delivery the event causes. */
  webhook: { type: WebhookEventType; status: string };
  /** The request body the fixture creates its record with; `--override` edits it. */
  body(): Record<string, unknown>;
  run(api: ProviderApi, token: string, body: Record<string, unknown>): Promise<FixtureRun>;
}

const CUSTOMER = { merchantCustomerId: 'TRIGGER-CUSTOMER', name: 'Ana Machava', phone: '+258 84 123 4567' };

const orderBody = () => ({
  customer: { ...CUSTOMER },
  items: [{ originProductId: 'TRIGGER-SKU', name: 'Capulana Premium', quantity: 1, price: 1500 }],
});

const subscriptionBody = (maxAttempts: number) => ({
  plan: { originPlanId: 'TRIGGER-PLAN', name: 'Plano Mensal Básico', price: 499, interval: 'monthly' },
  customer: { ...CUSTOMER },
  maxAttempts,
});

/** An order placed through the API and moved to `status` through the admin API (its payment follows it). */
function orderFixture(event: string, status: 'PAID' | 'FAILED' | 'CANCELLED', type: WebhookEventType): WebhookFixture {
  const what = type === 'order.status_changed' ? 'an order' : "an order's payment";
  return {
    event,
    description: `${what} becomes ${status} (an order is placed, then moved to ${status})`,
    webhook: { type, status },
    body: orderBody,
    async run(api, token, body) {
      const placed = await api.call('POST', '/v1/orders', { token, body });
      const orderId = dataField(placed, 'id');
      await api.admin('transitionOrder', { path: { order_id: orderId }, body: { status } });
      return {
        created: [
          { kind: 'customer', id: dataField(placed, 'customerId') },
          { kind: 'order', id: orderId, status },
        ],
        subject: { field: 'orderId', id: orderId },
      };
    },
  };
}

/**
 * A subscription created through the API, billed by moving the mock clock until it reaches `status`; a failing
 * charge comes from the client's `subscription-retries-exhausted` scenario, active for the run only.
 */
function subscriptionFixture(event: string, status: 'ACTIVE' | 'PAST_DUE' | 'CANCELLED', type: WebhookEventType): WebhookFixture {
  const failing = status !== 'ACTIVE';
  const what = type === 'subscription.status_changed' ? 'a subscription' : "a subscription's charge";
  const paymentStatus = failing ? 'FAILED' : 'PAID';
  return {
    event,
    description: `${what} becomes ${type === 'payment.status_changed' ? paymentStatus : status} (a subscription is created and billed on the mock clock)`,
    webhook: { type, status: type === 'payment.status_changed' ? paymentStatus : status },
    // One failed attempt cancels a subscription allowed one attempt.
    body: () => subscriptionBody(status === 'CANCELLED' ? 1 : 3),
    async run(api, token, body) {
      const clientId = api.credentials.clientId;
      const active = await api.admin('getActiveScenarios');
      const before = (active.data.clients as Record<string, string> | undefined)?.[clientId];
      if (failing) await api.admin('activateScenario', { body: { name: 'subscription-retries-exhausted', clientId } });
      try {
        const created = await api.call('POST', '/v1/subscriptions', { token, body });
        const subscriptionId = dataField(created, 'id');
        const reached = await billUntilMoved(api, token, subscriptionId);
        return {
          created: [
            { kind: 'customer', id: dataField(created, 'customerId') },
            { kind: 'plan', id: dataField(created, 'planId') },
            { kind: 'subscription', id: subscriptionId, status: reached },
          ],
          subject: { field: 'subscriptionId', id: subscriptionId },
        };
      } finally {
        if (failing && before !== undefined) await api.admin('activateScenario', { body: { name: before, clientId } });
        else if (failing) await api.admin('deactivateScenario', { query: { clientId } });
      }
    },
  };
}

/** The mock clock moves a minute at a time (a charge is decided a minute after it is made) until the subscription leaves PENDING. */
async function billUntilMoved(api: ProviderApi, token: string, subscriptionId: string): Promise<string> {
  for (let minute = 1; minute <= 10; minute += 1) {
    await api.admin('advanceClock', { body: { seconds: 60 } });
    const read = await api.call('GET', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, { token });
    const status = dataField(read, 'status');
    if (status !== 'PENDING') return status;
  }
  throw new StateSetupError(`subscription ${subscriptionId} was still PENDING after 10 minutes of mock time`);
}

export const WEBHOOK_FIXTURES: readonly WebhookFixture[] = TRIGGERED_WEBHOOKS.map((webhook) =>
  webhook.subject === 'order'
    ? orderFixture(webhook.event, webhook.status as 'PAID' | 'FAILED' | 'CANCELLED', webhook.type)
    : subscriptionFixture(webhook.event, subscriptionStatusOf(webhook), webhook.type),
);

/** The status a subscription reaches for its webhook: its own, or, for its charge's, the one its failed charge leaves. */
function subscriptionStatusOf(webhook: TriggeredWebhook): 'ACTIVE' | 'PAST_DUE' | 'CANCELLED' {
  return webhook.type === 'payment.status_changed' ? 'PAST_DUE' : (webhook.status as 'ACTIVE' | 'PAST_DUE' | 'CANCELLED');
}

export function webhookFixture(event: string): WebhookFixture | undefined {
  return WEBHOOK_FIXTURES.find((fixture) => fixture.event === event);
}
