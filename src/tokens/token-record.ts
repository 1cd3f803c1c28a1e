/** A new token: its secret (handed out once, never stored) and its record (the hash of the secret). */
import type { TokenEvent } from '../domain/events.ts';
import type { TokenRecord } from '../domain/records.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { Clock } from '../platform/clock.ts';
import { hashToken, isHashOf, tokenIdOf, tokenIdOfHash } from './rules.ts';

export interface NewToken {
  secret: string;
  record: TokenRecord;
}

export function newToken(
  deps: FlowDeps,
  /** The clock of the client's world. */
  clock: Clock,
  clientId: string,
  kind: TokenRecord['kind'],
  refreshTokenId: string | null,
  sequence: number,
  ttlSeconds: number,
): NewToken {
  const secret = deps.random.token();
  const now = clock.nowMs();
  const ttlMs = ttlSeconds * 1000;
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

/** The stored record of a presented secret, if the secret is genuine. */
export function findToken(deps: FlowDeps, secret: string): TokenRecord | undefined {
  const hash = hashToken(secret);
  const record = deps.store.get<TokenRecord>('tokens', tokenIdOfHash(hash));
  return record && isHashOf(hash, record.tokenHash) ? record : undefined;
}

export function tokenEvent(type: TokenEvent['type'], token: TokenRecord, at: string): TokenEvent {
  return { type, clientId: token.clientId, at, tokenId: token.id, kind: token.kind };
}
