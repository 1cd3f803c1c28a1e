/**
 * The webhook producer as the Pact verifier reaches it for asynchronous message interactions: it POSTs
 * `{description, providerStates}` and gets back the message. Here the message is the payload the mock really sent:
 * the interaction's state `{event} is triggered` names a webhook fixture, which is run on the target mock (reset
 * before and after, its client's endpoint pointed at this server), and the delivery it caused is read from the
 * mock's admin API. Listens on loopback only, for the length of one verification.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { awaitDelivery } from './awaited-delivery.ts';
import type { PactState, RawInteraction } from './pact-raw.ts';
import { statesOf } from './pact-raw.ts';
import type { ProviderApi } from './provider-api.ts';
import { V4_ASYNC_MESSAGE } from './pact-interaction.ts';
import { readJson } from './state-server.ts';
import { stateSessions } from './state-session.ts';
import { WEBHOOK_FIXTURES, webhookFixture, type WebhookFixture } from './webhook-fixtures.ts';

/** The provider state of a webhook message: the `commerce-mock trigger` event that sends it. */
export const WEBHOOK_STATE = '{event} is triggered';

const STATE_PATTERN = /^(?<event>\S+) is triggered$/;

/** The secret the endpoint is given during verification: the signature is not part of the message. */
const VERIFY_SECRET = 'commerce-mock-verify';

export interface MessageProducer {
  url: string;
  port: number;
  /** Why a message could not be produced, by interaction description. */
  problems: Map<string, string>;
  close(): Promise<void>;
}

/** The fixture a message interaction's states name (its one state, `{event} is triggered`), or why there is none. */
export function fixtureOfStates(states: readonly PactState[]): { fixture: WebhookFixture } | { problem: string } {
  const events = states.map((state) => String(state.params['event'] ?? STATE_PATTERN.exec(state.name)?.groups?.['event'] ?? ''));
  const fixture = events.length === 1 ? webhookFixture(events[0] ?? '') : undefined;
  if (fixture) return { fixture };
  const known = WEBHOOK_FIXTURES.map((known) => known.event).join(', ');
  return { problem: `a webhook message names one provider state "${WEBHOOK_STATE}" with an event of the catalogue (${known}); got ${JSON.stringify(states.map((state) => state.name))}` };
}

export function isWebhookMessage(interaction: RawInteraction): boolean {
  return interaction.type === V4_ASYNC_MESSAGE;
}

export async function startMessageProducer(api: ProviderApi): Promise<MessageProducer> {
  const problems = new Map<string, string>();
  const sessions = stateSessions(api);
  let url = '';
  const produce = async (description: string, states: PactState[]): Promise<unknown> => {
    const found = fixtureOfStates(states);
    if ('problem' in found) throw new Error(found.problem);
    const { fixture } = found;
    const session = await sessions.current();
    try {
      await api.admin('PUT', `/clients/${encodeURIComponent(api.credentials.clientId)}/webhook`, { url: `${url}hooks`, secret: VERIFY_SECRET });
      const run = await fixture.run(api, (await session.tokens()).accessToken, fixture.body());
      const delivery = await awaitDelivery(api, fixture, run);
      if (!delivery) throw new Error(`${fixture.event}: the mock recorded no ${fixture.webhook.type} webhook for "${description}"`);
      return delivery.payload;
    } finally {
      await sessions.end();
    }
  };
  const server = createServer((request, response) => {
    // The mock's own deliveries land here during a run: any answer but 2xx would only make it retry.
    if (request.url !== '/') return void request.resume().on('end', () => response.writeHead(204).end());
    void readJson(request)
      .then((body) => {
        const description = typeof body['description'] === 'string' ? body['description'] : '';
        const states = statesOf({ description, providerStates: body['providerStates'] as RawInteraction['providerStates'] });
        return produce(description, states).catch((error: unknown) => {
          problems.set(description, error instanceof Error ? error.message : String(error));
          throw error;
        });
      })
      .then(
        (payload) => {
          const metadata = Buffer.from(JSON.stringify({ contentType: 'application/json' })).toString('base64');
          response.writeHead(200, { 'Content-Type': 'application/json', 'Pact-Message-Metadata': metadata }).end(JSON.stringify(payload));
        },
        (error: unknown) => response.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: String(error) })),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}/`;
  return {
    url,
    port,
    problems,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
