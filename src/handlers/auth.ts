/** Token issue, refresh, revoke and list (seed §Authentication, CONTRACT.md §Authentication). */
import type { AppDeps } from '../deps.ts';
import {
  checkClientCredentials,
  isClientActive,
  hashToken,
  sameSecret,
  tokenIdOf,
  type TokenRecord,
} from '../domain/tokens.ts';
import { failure, type Failure } from '../http/errors.ts';
import { okData, type Reply } from '../http/reply.ts';
import type { CollectionName, StoredRecord } from '../store/types.ts';
import { readLedger, writeLedger } from './token-ledger.ts';
import { callerOf, type Handler } from './types.ts';

interface TokenRequest {
  client_id: string;
  client_secret: string;
}

export const issueToken: Handler = (input, deps) => {
  const body = input.body as TokenRequest;
  const check = checkClientCredentials(deps.config, body.client_id, body.client_secret);
  if (!check.ok) return failure(check.reason);
  return issueTokens(deps, check.client.clientId, undefined);
};

export const refreshToken: Handler = (input, deps) => {
  const secret = (input.body as { refresh_token: string }).refresh_token;
  const record = findToken(deps, secret);
  if (!record || record.kind !== 'refresh') return failure('invalid_token');
  if (record.revokedAt !== null) return failure('token_revoked');
  if (!isClientActive(deps.config, record.clientId)) return failure('client_inactive');
  return issueTokens(deps, record.clientId, { secret, id: record.id });
};

export const revokeToken: Handler = (input, deps) => {
  const caller = callerOf(input);
  const record = findToken(deps, (input.body as { token: string }).token);
  // RFC 7009 §2.2: an unknown token is answered as if it had been revoked.
  if (!record) return okData({ revoked: true });
  if (record.clientId !== caller) return failure('foreign_token');
  const at = deps.clock.now().toISOString();
  // Access tokens of a revoked refresh token that are no longer active are refused by authenticate.ts.
  const cascade =
    record.kind === 'refresh'
      ? readLedger(deps.store, caller, deps.clock.nowMs()).active.filter((token) => token.refreshTokenId === record.id)
      : [];
  const revoked = [record, ...cascade].map((token) => ({ ...token, revokedAt: token.revokedAt ?? at }));
  deps.store.putMany(revoked.map((record) => ({ collection: 'tokens' as CollectionName, record })));
  return okData({ revoked: true });
};

export const listTokens: Handler = (input, deps) => {
  const { active } = readLedger(deps.store, callerOf(input), deps.clock.nowMs());
  return okData(
    [...active].reverse().map((token) => ({
      id: token.id,
      tokenHint: token.tokenHint,
      issuedAt: token.issuedAt,
      expiresAt: token.expiresAt,
      lastUsedAt: token.lastUsedAt,
    })),
  );
};

interface NewToken {
  secret: string;
  record: TokenRecord;
}

function findToken(deps: AppDeps, secret: string): TokenRecord | undefined {
  const record = deps.store.get<TokenRecord>('tokens', tokenIdOf(secret));
  return record && sameSecret(hashToken(secret), record.tokenHash) ? record : undefined;
}

function newToken(
  deps: AppDeps,
  clientId: string,
  kind: TokenRecord['kind'],
  refreshTokenId: string | null,
  sequence: number,
): NewToken {
  const secret = deps.random.token();
  const now = deps.clock.nowMs();
  const ttlMs = deps.config.tokens.ttlSeconds * 1000;
  const record: TokenRecord = {
    id: tokenIdOf(secret),
    clientId,
    kind,
    tokenHash: hashToken(secret),
    tokenHint: secret.slice(-6),
    issuedAt: new Date(now).toISOString(),
    sequence,
    expiresAt: kind === 'access' ? new Date(now + ttlMs).toISOString() : null,
    revokedAt: null,
    lastUsedAt: null,
    refreshTokenId,
  };
  return { secret, record };
}

/**
 * Applies the active-token limit (reject, or revoke the oldest), then stores a new access token, issued with
 * the given refresh token or, on a token request, with a new one.
 */
function issueTokens(deps: AppDeps, clientId: string, existingRefresh: { secret: string; id: string } | undefined): Reply {
  const nowMs = deps.clock.nowMs();
  const ledger = readLedger(deps.store, clientId, nowMs);
  const room = makeRoom(deps, ledger.active, nowMs);
  if (!room.ok) return room;
  let sequence = ledger.sequence;
  const writes: TokenRecord[] = [...room.revoke];
  let refresh = existingRefresh;
  if (!refresh) {
    const created = newToken(deps, clientId, 'refresh', null, ++sequence);
    writes.push(created.record);
    refresh = { secret: created.secret, id: created.record.id };
  }
  const access = newToken(deps, clientId, 'access', refresh.id, ++sequence);
  writes.push(access.record);
  // Tokens being revoked stay listed: should the revocation line be lost in a crash, they are still counted.
  writeLedger(deps.store, clientId, sequence, [...ledger.active, access.record]);
  deps.store.putMany(writes.map((record) => ({ collection: 'tokens' as CollectionName, record: record as StoredRecord })));
  return okData({
    access_token: access.secret,
    refresh_token: refresh.secret,
    token_type: 'Bearer',
    expires_in: deps.config.tokens.ttlSeconds,
  });
}

function makeRoom(
  deps: AppDeps,
  active: readonly TokenRecord[],
  nowMs: number,
): { ok: true; revoke: TokenRecord[] } | Failure {
  const { maxActivePerClient, limitPolicy } = deps.config.tokens;
  const excess = Math.max(0, active.length - maxActivePerClient + 1);
  if (excess > 0 && limitPolicy === 'reject') {
    return failure('token_limit_reached', {
      message: `Limite de ${maxActivePerClient} tokens ativos por cliente atingido`,
    });
  }
  const at = new Date(nowMs).toISOString();
  return { ok: true, revoke: active.slice(0, excess).map((token) => ({ ...token, revokedAt: at })) };
}
