/**
 * The provider-state catalogue served by the mock itself (`POST /__admin/pact/provider-states`): the same states
 * `commerce-mock verify` sets up, with the client the request names (`?clientId=`) or else the first active client of
 * its configuration (the verifying client), and the
 * webhook messages of message pacts (`POST /__admin/pact/messages`), produced the way `verify`'s own producer does.
 * The states' requests go through the mock's own stage lists in process (http/dispatch-stages.ts), as a verifier's
 * would through its socket: never over HTTP to itself. Each interaction's session starts and ends afresh for the
 * clients it concerns alone (client-clean-slate.ts), so a verifier must send teardowns (`--state-change-teardown`),
 * and one job's verification never touches another tenant of a shared mock; `?reset=all` asks for a whole reset.
 */
import type { PactMessageAnswer, ProviderStateAnswer, ProviderStateChanges, StateChangeOrigin } from '../admin/admin-context.ts';
import type { Config } from '../platform/config.ts';
import type { CleanSlate } from './client-clean-slate.ts';
import { statesOf, type RawInteraction } from '../provider-states/pact-raw.ts';
import { inProcessTransport, type InProcessMock } from '../provider-states/in-process-transport.ts';
import { providerApi, type ProviderApi } from '../provider-states/provider-api.ts';
import { applyStateChange, ProviderStateFailed, UnknownProviderState } from '../provider-states/state-change.ts';
import { stateSessions, type StateSessions } from '../provider-states/state-session.ts';
import { WEBHOOK_FIXTURES } from '../provider-states/webhook-fixtures.ts';
import { fixtureOfStates, pactMessageMetadata, produceWebhookMessage, type MessageSink } from '../provider-states/webhook-message.ts';

/**
 * Where the mock's own message production sends its delivery: nowhere. `.invalid` never resolves (RFC 6761), and
 * under `webhooks-failing` the attempt is recorded without being sent; the payload is what the mock would send.
 */
const NOWHERE: MessageSink = { url: 'http://pact-message.invalid/', scenario: 'webhooks-failing' };

/** The verifying client's credentials: its secret is known in memory (configured, or created in this process). */
export type VerifyingCredentials = (clientId: string) => { clientId: string; clientSecret: string } | 'unknown' | 'secret_not_kept';

/** One verifying client's sessions, and who its current request comes from. */
interface Verifier {
  sessions: StateSessions;
  origin: StateChangeOrigin;
  api: ProviderApi;
}

/**
 * `credentialsOf`: a client's credentials by id. The verifying client is the one the request names (`?clientId=`),
 * else the first active client of the configuration; each verifying client has sessions of its own, so two jobs
 * verifying as two tenants of one mock at the same time never share a session.
 */
export function mockProviderStates(
  config: Pick<Config, 'clients' | 'adminToken'>,
  mock: InProcessMock,
  cleanSlate: CleanSlate,
  credentialsOf: VerifyingCredentials,
): ProviderStateChanges {
  const fallback = (config.clients.find((client) => client.active !== false) ?? config.clients[0])?.clientId ?? '';
  const verifiers = new Map<string, Verifier>();
  const verifierOf = (at: StateChangeOrigin): Verifier | { refused: 'unknown' | 'secret_not_kept'; clientId: string } => {
    const clientId = at.clientId ?? fallback;
    const credentials = credentialsOf(clientId);
    if (typeof credentials === 'string') {
      verifiers.delete(clientId);
      return { refused: credentials, clientId };
    }
    let verifier = verifiers.get(clientId);
    if (!verifier || verifier.api.credentials.clientSecret !== credentials.clientSecret) {
      const made: Verifier = { origin: at } as Verifier;
      made.api = providerApi(inProcessTransport(mock, () => made.origin), { credentials, hasAdmin: true, adminToken: config.adminToken });
      made.sessions = stateSessions(made.api, {
        freshStart: async (clientIds) => {
          if (made.origin.resetAll) await made.api.admin('reset', { body: {} });
          else await cleanSlate(clientIds, made.origin.ip);
        },
      });
      verifier = made;
      verifiers.set(clientId, verifier);
    }
    verifier.origin = at;
    return verifier;
  };
  return {
    async change(change, at): Promise<ProviderStateAnswer> {
      const verifier = verifierOf(at);
      if ('refused' in verifier) return { ok: false, refused: verifier.refused, clientId: verifier.clientId };
      try {
        return { ok: true, values: await applyStateChange(change, verifier.sessions) };
      } catch (error) {
        if (error instanceof UnknownProviderState) return { ok: false, unknown: error.state, known: error.known };
        if (error instanceof ProviderStateFailed) return { ok: false, failed: error.state, message: error.message };
        throw error;
      }
    },
    async message(request, at): Promise<PactMessageAnswer> {
      const verifier = verifierOf(at);
      if ('refused' in verifier) return { ok: false, refused: verifier.refused, clientId: verifier.clientId };
      const description = typeof request.description === 'string' ? request.description : '';
      const states = statesOf({ description, providerStates: request.providerStates as RawInteraction['providerStates'] });
      const found = fixtureOfStates(states);
      if ('problem' in found) return { ok: false, unknown: found.problem, known: WEBHOOK_FIXTURES.map((fixture) => fixture.event) };
      try {
        return { ok: true, payload: await produceWebhookMessage(verifier.api, verifier.sessions, { description, states }, NOWHERE), metadata: pactMessageMetadata() };
      } catch (error) {
        return { ok: false, failed: description, message: `message "${description}": ${error instanceof Error ? error.message : String(error)}` };
      }
    },
  };
}
