/**
 * The delivery a fixture's event caused, read from the mock's admin API (`GET /__admin/webhooks/deliveries`): the
 * one of the awaited type whose payload names the fixture's record in the awaited status, once its first attempt
 * is over. Polled in real time: attempts run in the mock's background.
 */
import { monotonicMs } from '../platform/clock.ts';
import type { FixtureRun, WebhookFixture } from './webhook-fixtures.ts';
import type { ProviderApi } from './provider-api.ts';

export interface SeenDelivery {
  id: string;
  eventId: string;
  type: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Array<{ at: string; statusCode?: number; error?: string }>;
  payload: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

export async function awaitDelivery(api: ProviderApi, fixture: WebhookFixture, run: FixtureRun, timeoutMs = 10_000): Promise<SeenDelivery | undefined> {
  const query = { clientId: api.credentials.clientId, type: fixture.webhook.type };
  const deadline = monotonicMs() + timeoutMs;
  for (;;) {
    const listed = await api.admin('listWebhookDeliveries', { query });
    const found = (listed.data as SeenDelivery[]).find(
      (delivery) => delivery.payload.data[run.subject.field] === run.subject.id && delivery.payload.data['status'] === fixture.webhook.status,
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
