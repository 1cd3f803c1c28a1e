/**
 * Issuing tokens (the service's documentation; the mock's choices in docs/assumptions.md): a client-credentials grant gets a new refresh and access
 * token; a refresh grant gets a new access token beside the same refresh token. The active-token limit
 * (token-policy.ts) is applied first.
 */
import type { TokenEvent } from '../domain/events.ts';
import type { TokenPolicy } from '../domain/policy.ts';
import { failure } from '../errors/failures.ts';
import { done, type Outcome } from '../domain/outcome.ts';
import type { RecordWrite, TokenRecord } from '../domain/records.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { Clock } from '../platform/clock.ts';
import type { World } from '../deps/world.ts';
import { readLedger, writeLedger } from './ledger.ts';
import { checkClientCredentials, checkSentCredentials, type SentCredentials } from './rules.ts';
import { findToken, newToken, tokenEvent } from './token-record.ts';
import { makeRoom } from './token-policy.ts';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/**
 * `world`: that of the client the credentials prove (the caller stage resolved it with the same rule); none when they
 * prove none, and then they are refused before time matters.
 */
export function issueForCredentials(deps: FlowDeps, world: World | undefined, policy: TokenPolicy, clientId: string, clientSecret: string): Outcome<IssuedTokens> {
  const check = checkClientCredentials(deps.clients, clientId, clientSecret);
  if (!check.ok) return failure(check.reason);
  if (world?.clientId !== check.client.clientId) return failure('client_invalid');
  return issue(deps, world.clock, policy, check.client.clientId, undefined);
}

/** `world`: that of the request's client (the caller stage found it by the credentials sent, else by the token). */
export function issueForRefreshToken(deps: FlowDeps, world: World | undefined, policy: TokenPolicy, refreshSecret: string, sent: SentCredentials = {}): Outcome<IssuedTokens> {
  const record = findToken(deps, refreshSecret);
  // The client is authenticated before the grant is looked at (RFC 6749 §6): a wrong secret never learns more.
  if (sent.clientSecret !== undefined && sent.clientId !== undefined) {
    const check = checkClientCredentials(deps.clients, sent.clientId, sent.clientSecret);
    if (!check.ok && check.reason === 'client_invalid') return failure(check.reason);
  }
  if (!record || record.kind !== 'refresh') return failure('invalid_token');
  const sentCheck = checkSentCredentials(deps.clients, record.clientId, sent);
  if (sentCheck && !sentCheck.ok) return failure(sentCheck.reason);
  if (record.revokedAt !== null) return failure('token_revoked');
  if (!deps.clients.isActive(record.clientId)) return failure('client_inactive');
  if (!world) return failure('invalid_token');
  return issue(deps, world.clock, policy, record.clientId, { secret: refreshSecret, id: record.id });
}

function issue(deps: FlowDeps, clock: Clock, policy: TokenPolicy, clientId: string, existingRefresh: { secret: string; id: string } | undefined): Outcome<IssuedTokens> {
  const nowMs = clock.nowMs();
  const at = new Date(nowMs).toISOString();
  const ledger = readLedger(deps.store, clientId, nowMs);
  const room = makeRoom(policy, ledger.active, at);
  if (!room.ok) return room;
  let sequence = ledger.sequence;
  const tokens: TokenRecord[] = [...room.revoke];
  const events: TokenEvent[] = room.revoke.map((token) => tokenEvent('token.revoked', token, at));
  let refresh = existingRefresh;
  if (!refresh) {
    const created = newToken(deps, clock, clientId, 'refresh', null, ++sequence, policy.ttlSeconds);
    tokens.push(created.record);
    events.push(tokenEvent('token.issued', created.record, at));
    refresh = { secret: created.secret, id: created.record.id };
  }
  const access = newToken(deps, clock, clientId, 'access', refresh.id, ++sequence, policy.ttlSeconds);
  tokens.push(access.record);
  events.push(tokenEvent('token.issued', access.record, at));
  // Tokens being revoked stay listed: should the revocation line be lost in a crash, they are still counted.
  writeLedger(deps.store, clientId, sequence, [...ledger.active, access.record]);
  const written: RecordWrite[] = tokens.map((record) => ({ collection: 'tokens', record }));
  deps.store.putMany(written);
  return done({ accessToken: access.secret, refreshToken: refresh.secret, expiresIn: policy.ttlSeconds }, written, events);
}
