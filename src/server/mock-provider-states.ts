/**
 * The provider-state catalogue served by the mock itself (`POST /__admin/pact/provider-states`): the same states
 * `commerce-mock verify` sets up, applied to this mock through its own HTTP API with the first active client of
 * its configuration (the verifying client); and the webhook messages of message pacts (`POST /__admin/pact/messages`),
 * produced the way `verify`'s own producer does. Each interaction's session starts and ends with an admin reset, so a
 * verifier must send teardowns (`--state-change-teardown`).
 */
import type { PactMessageAnswer, ProviderStateAnswer, ProviderStateChanges } from '../admin/admin-context.ts';
import type { Config } from '../platform/config.ts';
import { statesOf, type RawInteraction } from '../provider-states/pact-raw.ts';
import { connectProvider, type ProviderApi } from '../provider-states/provider-api.ts';
import { applyStateChange, ProviderStateFailed, UnknownProviderState } from '../provider-states/state-server.ts';
import { stateSessions } from '../provider-states/state-session.ts';
import { WEBHOOK_FIXTURES } from '../provider-states/webhook-fixtures.ts';
import { fixtureOfStates, pactMessageMetadata, produceWebhookMessage, type MessageSink } from '../provider-states/webhook-message.ts';

/**
 * Where the mock's own message production sends its delivery: nowhere. `.invalid` never resolves (RFC 6761), and
 * under `webhooks-failing` the attempt is recorded without being sent; the payload is what the mock would send.
 */
const NOWHERE: MessageSink = { url: 'http://pact-message.invalid/', scenario: 'webhooks-failing' };

export function mockProviderStates(config: Pick<Config, 'clients' | 'adminToken'>): ProviderStateChanges {
  const verifying = config.clients.find((client) => client.active !== false) ?? config.clients[0];
  const credentials = { clientId: verifying?.clientId ?? '', clientSecret: verifying?.clientSecret ?? '' };
  /** The mock as the states reach it: at the base URL of the latest state change (the verifier's own view). */
  const connections = new Map<string, Promise<ProviderApi>>();
  let baseUrl = '';
  const current = () => {
    let api = connections.get(baseUrl);
    if (!api) {
      api = connectProvider({ baseUrl, credentials, mode: 'mock', adminToken: config.adminToken });
      connections.set(baseUrl, api);
    }
    return api;
  };
  const api: ProviderApi = {
    credentials,
    hasAdmin: true,
    call: async (...args) => (await current()).call(...args),
    pace: async (calls) => (await current()).pace(calls),
    admin: async (...args) => (await current()).admin(...args),
  };
  const sessions = stateSessions(api);
  return {
    async change(change, at): Promise<ProviderStateAnswer> {
      baseUrl = at;
      try {
        return { ok: true, values: await applyStateChange(change, sessions) };
      } catch (error) {
        if (error instanceof UnknownProviderState) return { ok: false, unknown: error.state, known: error.known };
        if (error instanceof ProviderStateFailed) return { ok: false, failed: error.state, message: error.message };
        throw error;
      }
    },
    async message(request, at): Promise<PactMessageAnswer> {
      baseUrl = at;
      const description = typeof request.description === 'string' ? request.description : '';
      const states = statesOf({ description, providerStates: request.providerStates as RawInteraction['providerStates'] });
      const found = fixtureOfStates(states);
      if ('problem' in found) return { ok: false, unknown: found.problem, known: WEBHOOK_FIXTURES.map((fixture) => fixture.event) };
      try {
        return { ok: true, payload: await produceWebhookMessage(api, sessions, { description, states }, NOWHERE), metadata: pactMessageMetadata() };
      } catch (error) {
        return { ok: false, failed: description, message: `message "${description}": ${error instanceof Error ? error.message : String(error)}` };
      }
    },
  };
}
