/**
 * The delivery a fixture's event caused, read from the mock's admin API (`GET /__admin/webhooks/deliveries`): the
 * one of the awaited type whose payload names the fixture's record in the awaited status, once its first attempt
 * is over. Polled in real time: attempts run in the mock's background.
 */
import type { components } from '../generated/admin-types.gen.ts';
import { monotonicMs } from '../platform/clock.ts';
import type { FixtureRun, WebhookFixture } from './webhook-fixtures.ts';
import type { ProviderApi } from './provider-api.ts';

/** A delivery as the admin API lists it (spec/admin.yaml `Delivery`). */
export type SeenDelivery = components['schemas']['Delivery'];

export async function awaitDelivery(api: ProviderApi, fixture: WebhookFixture, run: FixtureRun, timeoutMs = 10_000): Promise<SeenDelivery | undefined> {
  const query = { clientId: api.credentials.clientId, type: fixture.webhook.type };
  const deadline = monotonicMs() + timeoutMs;
  for (;;) {
    const listed = await api.admin('listWebhookDeliveries', { query });
    const found = (listed.data as SeenDelivery[]).find(
      (delivery) => {
        const data: Partial<Record<string, unknown>> = delivery.payload.data;
        return data[run.subject.field] === run.subject.id && data['status'] === fixture.webhook.status;
      },
    );
    if (found && found.attempts.length > 0) return found;
    if (monotonicMs() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `delivered (HTTP 204)`, `pending: ECONNREFUSED, retried on the mock clock`, … */
export function outcomeText(delivery: SeenDelivery): string {
  const last = delivery.attempts.at(-1);
  const answer = last === undefined ? 'no attempt yet' : last.statusCode !== undefined ? `HTTP ${last.statusCode}` : (last.error ?? 'no answer');
  if (delivery.status === 'delivered') return `delivered (${answer})`;
  if (delivery.status === 'failed') return `failed for good (${answer})`;
  return `not delivered yet (${answer}); retried on the mock clock`;
}
