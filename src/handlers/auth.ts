/** Token issue, refresh, revoke and list (seed §Authentication, CONTRACT.md §Authentication). */
import type { AppDeps } from '../deps.ts';
import {
  checkClientCredentials,
  isActiveAccessToken,
  isClientActive,
  hashToken,
  sameSecret,
  tokenIdOf,
  type TokenRecord,
} from '../domain/tokens.ts';
import { failure, type Failure } from '../http/errors.ts';
import { okData, type Reply } from '../http/reply.ts';
import type { CollectionName, StoredRecord } from '../store/types.ts';
import { callerOf, type Handler } from './types.ts';

interface TokenRequest {
  client_id: string;
  client_secret: string;
}

export const issueToken: Handler = (input, deps) => {
  const body = input.body as TokenRequest;
  const check = checkClientCredentials(deps.config, body.client_id, body.client_secret);
  if (!check.ok) return failure(check.reason);
  const clientId = check.client.clientId;
  const refresh = newToken(deps, clientId, 'refresh', null, nextSequence(deps, clientId));
  return issueAccessToken(deps, clientId, refresh);
};

export const refreshToken: Handler = (input, deps) => {
  const secret = (input.body as { refresh_token: string }).refresh_token;
  const record = findToken(deps, secret);
  if (!record || record.kind !== 'refresh') return failure('invalid_token');
  if (record.revokedAt !== null) return failure('token_revoked');
  if (!isClientActive(deps.config, record.clientId)) return failure('client_inactive');
  return issueAccessToken(deps, record.clientId, { secret, record: null });
};

export const revokeToken: Handler = (input, deps) => {
  const caller = callerOf(input);
  const record = findToken(deps, (input.body as { token: string }).token);
  // RFC 7009 §2.2: an unknown token is answered as if it had been revoked.
  if (!record) return okData({ revoked: true });
  if (record.clientId !== caller) return failure('foreign_token');
  const at = deps.clock.now().toISOString();
  const cascade =
    record.kind === 'refresh'
      ? deps.store
          .list<TokenRecord>('tokens', caller)
          .filter((token) => token.refreshTokenId === record.id && token.revokedAt === null)
      : [];
  const revoked = [record, ...cascade].map((token) => ({ ...token, revokedAt: token.revokedAt ?? at }));
  deps.store.putMany(revoked.map((record) => ({ collection: 'tokens' as CollectionName, record })));
  return okData({ revoked: true });
};

export const listTokens: Handler = (input, deps) => {
  const nowMs = deps.clock.nowMs();
  const active = deps.store
    .list<TokenRecord>('tokens', callerOf(input))
    .filter((token) => isActiveAccessToken(token, nowMs))
    .sort((a, b) => b.sequence - a.sequence);
  return okData(
    active.map((token) => ({
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
  /** Null when the token already exists in the store (a refresh token being reused). */
  record: TokenRecord | null;
}

function findToken(deps: AppDeps, secret: string): TokenRecord | undefined {
  const record = deps.store.get<TokenRecord>('tokens', tokenIdOf(secret));
  return record && sameSecret(hashToken(secret), record.tokenHash) ? record : undefined;
}

function nextSequence(deps: AppDeps, clientId: string): number {
  return deps.store.list<TokenRecord>('tokens', clientId).reduce((max, token) => Math.max(max, token.sequence), 0) + 1;
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

/** Applies the active-token limit (reject, or revoke the oldest) and stores the new access token. */
function issueAccessToken(deps: AppDeps, clientId: string, refresh: NewToken): Reply {
  const refreshId = refresh.record?.id ?? tokenIdOf(refresh.secret);
  const room = makeRoom(deps, clientId);
  if (!room.ok) return room;
  const sequence = Math.max(nextSequence(deps, clientId), (refresh.record?.sequence ?? 0) + 1);
  const access = newToken(deps, clientId, 'access', refreshId, sequence);
  const writes = [...room.revoke, access.record, refresh.record].filter(
    (record): record is TokenRecord => record !== null,
  );
  deps.store.putMany(writes.map((record) => ({ collection: 'tokens' as CollectionName, record: record as StoredRecord })));
  return okData({
    access_token: access.secret,
    refresh_token: refresh.secret,
    token_type: 'Bearer',
    expires_in: deps.config.tokens.ttlSeconds,
  });
}

function makeRoom(deps: AppDeps, clientId: string): { ok: true; revoke: TokenRecord[] } | Failure {
  const { maxActivePerClient, limitPolicy } = deps.config.tokens;
  const nowMs = deps.clock.nowMs();
  const active = deps.store
    .list<TokenRecord>('tokens', clientId)
    .filter((token) => isActiveAccessToken(token, nowMs))
    .sort((a, b) => a.sequence - b.sequence);
  const excess = active.length - maxActivePerClient + 1;
  if (excess <= 0) return { ok: true, revoke: [] };
  if (limitPolicy === 'reject') {
    return failure('token_limit_reached', {
      message: `Limite de ${maxActivePerClient} tokens ativos por cliente atingido`,
    });
  }
  const at = new Date(nowMs).toISOString();
  return { ok: true, revoke: active.slice(0, excess).map((token) => ({ ...token, revokedAt: at })) };
}
