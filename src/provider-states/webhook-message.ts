/**
 * A webhook message interaction of a pact, as a provider produces it: its one provider state `{event} is triggered`
 * names a webhook fixture, which is run on the mock (in a session of its own: reset before and after, the client's
 * endpoint pointed at `sink`), and the message is the payload of the delivery it caused, read from the mock's admin
 * API. `commerce-mock verify` asks for it through its own producer (message-producer.ts); the mock serves it
 * itself at `POST /__admin/pact/messages` for Pact's standalone verifier (mock-provider-states.ts).
 */
import { awaitDelivery, type SeenDelivery } from './awaited-delivery.ts';
import type { PactState } from './pact-raw.ts';
import { StateSetupError, type ProviderApi } from './provider-api.ts';
import type { ProviderState } from './provider-state.ts';
import type { StateSessions } from './state-session.ts';
import { WEBHOOK_FIXTURES, webhookFixture, type WebhookFixture } from './webhook-fixtures.ts';

/** The provider state of a webhook message: the `commerce-mock trigger` event that sends it. */
export const WEBHOOK_STATE = '{event} is triggered';

const STATE_PATTERN = /^(?<event>\S+) is triggered$/;

/** The secret the endpoint is given while a message is produced: the signature is not part of the message. */
const PRODUCE_SECRET = 'commerce-mock-verify';

/** Where the delivery goes while a message is produced; `scenario`, when set, is the client's meanwhile. */
export interface MessageSink {
  url: string;
  scenario?: string;
}

/** The fixture a message interaction's states name (its one state, `{event} is triggered`), or why there is none. */
export function fixtureOfStates(states: readonly PactState[]): { fixture: WebhookFixture } | { problem: string } {
  const events = states.map((state) => String(state.params['event'] ?? STATE_PATTERN.exec(state.name)?.groups?.['event'] ?? ''));
  const fixture = events.length === 1 ? webhookFixture(events[0] ?? '') : undefined;
  if (fixture) return { fixture };
  const known = WEBHOOK_FIXTURES.map((known) => known.event).join(', ');
  return { problem: `a webhook message names one provider state "${WEBHOOK_STATE}" with an event of the catalogue (${known}); got ${JSON.stringify(states.map((state) => state.name))}` };
}

/**
 * The state as the provider-state endpoint knows it: a verifier sets up a message interaction's state before it
 * asks for the message. Nothing is made here: the message is produced when it is asked for; an event outside the
 * catalogue fails the setup.
 */
export const WEBHOOK_MESSAGE_STATE: ProviderState = {
  name: WEBHOOK_STATE,
  description: 'A webhook message interaction: its event (as `commerce-mock trigger` names it) is run when the verifier asks for the message.',
  params: { event: `the event: ${WEBHOOK_FIXTURES.map((fixture) => fixture.event).join(', ')}` },
  provides: [],
  mockOnly: true,
  async setup(_session, params) {
    const found = fixtureOfStates([{ name: WEBHOOK_STATE, params }]);
    if ('problem' in found) throw new StateSetupError(found.problem);
    return {};
  },
};

export async function produceWebhookMessage(
  api: ProviderApi,
  sessions: StateSessions,
  request: { description: string; states: readonly PactState[] },
  sink: MessageSink,
): Promise<SeenDelivery['payload']> {
  const found = fixtureOfStates(request.states);
  if ('problem' in found) throw new StateSetupError(found.problem);
  const { fixture } = found;
  const session = await sessions.current();
  const clientId = api.credentials.clientId;
  try {
    await api.admin('setClientWebhook', { path: { client_id: clientId }, body: { url: sink.url, secret: PRODUCE_SECRET } });
    if (sink.scenario) await api.admin('activateScenario', { body: { name: sink.scenario, clientId } });
    const run = await fixture.run(api, (await session.tokens()).accessToken, fixture.body());
    const delivery = await awaitDelivery(api, fixture, run);
    if (!delivery) throw new StateSetupError(`${fixture.event}: the mock recorded no ${fixture.webhook.type} webhook for "${request.description}"`);
    return delivery.payload;
  } finally {
    await sessions.end();
  }
}

/** `Pact-Message-Metadata`: the message's metadata as Pact's verifier reads it (base64 of JSON). */
export function pactMessageMetadata(): string {
  return Buffer.from(JSON.stringify({ contentType: 'application/json' })).toString('base64');
}
