/**
 * The webhooks a client received, as the asynchronous messages of a consumer pact (Pact V4): one per kind of
 * webhook (its type and the status it names), the first delivered its example, with the provider state that makes
 * the mock send it again (`{event} is triggered`, the catalogue of domain/triggered-webhooks.ts) and matchers in
 * place of ids and instants. A webhook no state can make again is left out, with why.
 */
import { triggeredWebhookOf } from '../domain/triggered-webhooks.ts';
import { generalisedBody, MESSAGE_LITERAL_FIELDS, type MatchingRules } from './body-matchers.ts';
import type { LeftOut } from './traffic-pact.ts';
import type { ProviderStateRef } from './traffic-states.ts';

/** What the messages are made from: a delivery the client's receiver acknowledged, and the webhook it carried. */
export interface ReceivedWebhook {
  id: string;
  type: string;
  payload: { type: string; data: object };
}

export interface MessageInteraction {
  type: 'Asynchronous/Messages';
  description: string;
  pending: false;
  providerStates: ProviderStateRef[];
  contents: { content: unknown; contentType: 'application/json'; encoded: false };
  matchingRules?: { body: MatchingRules };
  metadata: { contentType: 'application/json' };
}

/** `received` oldest first. */
export function messagesFromWebhooks(received: readonly ReceivedWebhook[]): { messages: MessageInteraction[]; leftOut: LeftOut[] } {
  const messages = new Map<string, MessageInteraction>();
  const leftOut: LeftOut[] = [];
  for (const delivery of received) {
    const data = delivery.payload.data as Record<string, unknown>;
    const subject = typeof data['subscriptionId'] === 'string' ? 'subscription' : 'order';
    const webhook = triggeredWebhookOf(delivery.payload.type, data['status'], subject);
    const what = `webhook ${delivery.payload.type} (${String(data['status'])})`;
    if (!webhook) {
      leftOut.push({ requestId: delivery.id, what, why: 'no provider state makes the mock send this webhook again' });
      continue;
    }
    if (messages.has(webhook.event)) continue;
    const { example, rules } = generalisedBody(withoutWalletCode(delivery.payload), MESSAGE_LITERAL_FIELDS);
    messages.set(webhook.event, {
      type: 'Asynchronous/Messages',
      description: `${webhook.type.startsWith("order") ? "an" : "a"} ${webhook.type} webhook: ${webhook.type.startsWith('payment') ? `the ${webhook.subject}'s payment` : `the ${webhook.subject}`} is ${webhook.status} (${webhook.event})`,
      pending: false,
      providerStates: [{ name: '{event} is triggered', params: { event: webhook.event } }],
      contents: { content: example, contentType: 'application/json', encoded: false },
      ...(Object.keys(rules).length > 0 && { matchingRules: { body: rules } }),
      metadata: { contentType: 'application/json' },
    });
  }
  return { messages: [...messages.values()].sort((a, b) => a.description.localeCompare(b.description)), leftOut };
}

/**
 * The payload less its failure reason's `providerCode`: the wallet's own code, there when a payer's wallet failed the
 * payment and absent when it failed otherwise (the state that triggers `order.failed` fails it by hand), so a
 * contract that required it would fail against a webhook the provider rightly sends.
 */
function withoutWalletCode(payload: ReceivedWebhook['payload']): ReceivedWebhook['payload'] {
  const data = payload.data as { failureReason?: Record<string, unknown> };
  if (!data.failureReason || !('providerCode' in data.failureReason)) return payload;
  const { providerCode: _walletCode, ...reason } = data.failureReason;
  return { ...payload, data: { ...data, failureReason: reason } };
}
