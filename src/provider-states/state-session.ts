/**
 * One interaction's provider states share a session: one access token, issued on first need, and what must be
 * undone afterwards. On a mock each session starts and ends afresh (`freshStart`: by default an admin reset; the
 * mock's own endpoints start afresh only the clients the session concerns, server/client-clean-slate.ts), so
 * interactions never see each other's records, tokens, scenarios or rate windows; on a real service the tokens it
 * issued are revoked.
 */
import { createSecureRandom } from '../platform/random.ts';
import { dataField, type ProviderApi } from './provider-api.ts';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

export interface StateSession {
  api: ProviderApi;
  /** The verifying client's tokens for this interaction, issued once. */
  tokens(): Promise<IssuedTokens>;
  /**
   * What every state of the session hands back besides its own values: the tokens once issued, and `runId`, a
   * key unique to the session, for records a real service cannot forget (a merchant id created twice collides).
   */
  shared(): Record<string, string>;
  /** A client besides the verifying one that a state changes (deactivates): started afresh with the session's end. */
  concern(clientId: string): void;
}

export interface StateSessions {
  /** The session of the interaction being set up, begun on its first state. */
  current(): Promise<StateSession>;
  /** The interaction is over: undo what its session did. */
  end(): Promise<void>;
}

/** Enough for an interaction's states, its request and the clean-up, so none of them meets a full window. */
const CALLS_PER_INTERACTION = 8;

export interface SessionOptions {
  /**
   * How a mock starts afresh before and after a session, given the clients it concerns (the verifying client
   * first); by default a whole reset (`POST /__admin/reset`).
   */
  freshStart?(clientIds: readonly string[]): Promise<void>;
}

export function stateSessions(api: ProviderApi, options: SessionOptions = {}): StateSessions {
  let session: Promise<{ value: StateSession; issued: IssuedTokens[]; concerned: Set<string> }> | undefined;
  const random = createSecureRandom();
  const freshStart = options.freshStart ?? (async () => void (await api.admin('reset', { body: {} })));
  const begin = async () => {
    const concerned = new Set([api.credentials.clientId]);
    if (api.hasAdmin) await freshStart([...concerned]);
    else await api.pace(CALLS_PER_INTERACTION);
    const sessionId = random.id('RUN').slice(4, 14).toUpperCase();
    const issued: IssuedTokens[] = [];
    let tokens: Promise<IssuedTokens> | undefined;
    const value: StateSession = {
      api,
      tokens: () => (tokens ??= issueTokens(api).then((pair) => (issued.push(pair), pair))),
      shared: () => ({ ...issued[0], runId: sessionId }),
      concern: (clientId) => void concerned.add(clientId),
    };
    return { value, issued, concerned };
  };
  return {
    async current() {
      session ??= begin();
      return (await session).value;
    },
    async end() {
      const ended = session;
      session = undefined;
      if (!ended) return;
      const { issued, concerned } = await ended;
      if (api.hasAdmin) {
        await freshStart([...concerned]);
        return;
      }
      // A revoke may be refused (the token was revoked or expired by the interaction): nothing is left to undo then.
      for (const { refreshToken } of issued) {
        await api.call('POST', '/v1/auth/token/revoke', { token: issued[0]?.accessToken, body: { token: refreshToken }, expect: [200, 401] });
      }
    },
  };
}

export async function issueTokens(api: ProviderApi): Promise<IssuedTokens> {
  const { clientId, clientSecret } = api.credentials;
  const answer = await api.call('POST', '/v1/auth/token', {
    body: { client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' },
    expect: [200],
  });
  return { accessToken: dataField(answer, 'access_token'), refreshToken: dataField(answer, 'refresh_token') };
}
