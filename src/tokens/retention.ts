/**
 * How long an ended token's record is kept: an access token while it is active (the 5-token count, its bearer's
 * requests) and then for TOKEN_RETENTION_SECONDS of mock time after it ended (revoked or expired), so that its
 * bearer is told TOKEN_REVOGADO or TOKEN_EXPIRADO rather than invalid_token; a refresh token until it is revoked,
 * then as long. Past that nothing needs the record, and the store's checkpoint drops it (docs/errors.md): under
 * token traffic the store stays bounded. A refresh token is kept while a kept access token was issued from it, so
 * that access token still answers TOKEN_REVOGADO after its refresh token was revoked.
 */
import type { TokenRecord } from '../domain/records.ts';
import type { Pruner, RecordRef, Store } from '../store/store-types.ts';

export const TOKEN_RETENTION_SECONDS = 24 * 60 * 60;

/**
 * The store's pruner: the token records past their retention at their client's now (a client with a clock of its
 * own keeps its tokens by its own time): `nowMsOf` reads the clock of a client's world (world/worlds.ts `clientClock`).
 */
export function tokenRetention(nowMsOf: (clientId: string) => number): Pruner {
  return (store) => tokensPastRetention(store, nowMsOf);
}

export function tokensPastRetention(store: Store, nowMsOf: (clientId: string) => number): RecordRef[] {
  // The tokens alone, as the store holds them: no copy of the other collections (this runs at every checkpoint).
  const tokens = [...store.records('tokens')] as TokenRecord[];
  const cutoffs = new Map<string, number>();
  const cutoffOf = (clientId: string) => {
    let cutoff = cutoffs.get(clientId);
    if (cutoff === undefined) cutoffs.set(clientId, (cutoff = nowMsOf(clientId) - TOKEN_RETENTION_SECONDS * 1000));
    return cutoff;
  };
  const past = new Set(tokens.filter((token) => endedAtMs(token) <= cutoffOf(token.clientId)).map((token) => token.id));
  const issuers = new Set(tokens.flatMap((token) => (past.has(token.id) || token.refreshTokenId === null ? [] : [token.refreshTokenId])));
  return [...past].filter((id) => !issuers.has(id)).map((id) => ({ collection: 'tokens', id }));
}

/** When the token stopped being usable; Infinity while it is not ended. */
function endedAtMs(token: TokenRecord): number {
  const revokedMs = token.revokedAt === null ? Infinity : Date.parse(token.revokedAt);
  const expiresMs = token.expiresAt === null ? Infinity : Date.parse(token.expiresAt);
  return Math.min(revokedMs, expiresMs);
}
