/**
 * The webhook producer of `commerce-mock verify`, as the Pact verifier reaches it for asynchronous message
 * interactions: it POSTs `{description, providerStates}` and gets back the message, the payload the target mock
 * really sent (webhook-message.ts) to this server, which stands as its client's endpoint. Listens on loopback only,
 * for the length of one verification.
 */
import { createServer } from 'node:http';
import { closeAfterWork, inFlight } from '../provider-states/in-flight.ts';
import type { AddressInfo } from 'node:net';
import type { RawInteraction } from '../provider-states/pact-raw.ts';
import { statesOf } from '../provider-states/pact-raw.ts';
import type { ProviderApi } from '../provider-states/provider-api.ts';
import { V4_ASYNC_MESSAGE } from '../conformance/pact-interaction.ts';
import { readJson } from '../provider-states/state-server.ts';
import { stateSessions } from '../provider-states/state-session.ts';
import { pactMessageMetadata, produceWebhookMessage } from '../provider-states/webhook-message.ts';

export { fixtureOfStates, WEBHOOK_STATE } from '../provider-states/webhook-message.ts';

export interface MessageProducer {
  url: string;
  port: number;
  /** Why a message could not be produced, by interaction description. */
  problems: Map<string, string>;
  close(): Promise<void>;
}

export function isWebhookMessage(interaction: RawInteraction): boolean {
  return interaction.type === V4_ASYNC_MESSAGE;
}

export async function startMessageProducer(api: ProviderApi): Promise<MessageProducer> {
  const problems = new Map<string, string>();
  const sessions = stateSessions(api);
  let url = '';
  const work = inFlight();
  const server = createServer((request, response) => {
    // The mock's own deliveries land here during a run: any answer but 2xx would only make it retry.
    if (request.url !== '/') return void request.resume().on('end', () => response.writeHead(204).end());
    if (!work.open) return void response.writeHead(503, { 'Content-Type': 'application/json' }).end('{"error":"stopping"}');
    void work
      .track(readJson(request).then((body) => {
        const description = typeof body['description'] === 'string' ? body['description'] : '';
        const states = statesOf({ description, providerStates: body['providerStates'] as RawInteraction['providerStates'] });
        return produceWebhookMessage(api, sessions, { description, states }, { url: `${url}hooks` }).catch((error: unknown) => {
          problems.set(description, error instanceof Error ? error.message : String(error));
          throw error;
        });
      }))
      .then(
        (payload) => {
          response.writeHead(200, { 'Content-Type': 'application/json', 'Pact-Message-Metadata': pactMessageMetadata() }).end(JSON.stringify(payload));
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
    // A stopped run does not wait for the verifier's idle keep-alive connections, only for the changes under way.
    close: () => closeAfterWork(server, work),
  };
}
