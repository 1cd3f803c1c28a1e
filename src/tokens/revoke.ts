/**
 * Revoking a token (RFC 7009): an access or refresh token of the caller. Revoking a refresh token also revokes
 * the access tokens issued from it; older ones that are no longer active are refused by `verify.ts`.
 */
import { failure } from '../errors/failures.ts';
import { done, type Outcome } from '../domain/outcome.ts';
import type { RecordWrite } from '../domain/records.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { World } from '../deps/world.ts';
import { readLedger } from './ledger.ts';
import { checkSentCredentials, type SentCredentials } from './rules.ts';
import { findToken, tokenEvent } from './token-record.ts';

/** `world`: the caller's. */
export function revokeToken(deps: FlowDeps, world: World, secret: string, sent: SentCredentials = {}): Outcome<{ revoked: true }> {
  const callerId = world.clientId;
  // Credentials sent beside the bearer (OAuth libraries send them) must be the caller's own.
  const sentCheck = checkSentCredentials(deps.clients, callerId, sent);
  if (sentCheck && !sentCheck.ok) return failure(sentCheck.reason);
  const record = findToken(deps, secret);
  // RFC 7009 §2.2: an unknown token is answered as if it had been revoked.
  if (!record) return done({ revoked: true });
  if (record.clientId !== callerId) return failure('foreign_token');
  const nowMs = world.clock.nowMs();
  const at = new Date(nowMs).toISOString();
  const cascade =
    record.kind === 'refresh'
      ? readLedger(deps.store, callerId, nowMs).active.filter((token) => token.refreshTokenId === record.id)
      : [];
  const newlyRevoked = [record, ...cascade].filter((token) => token.revokedAt === null);
  const written: RecordWrite[] = newlyRevoked.map((token) => ({ collection: 'tokens', record: { ...token, revokedAt: at } }));
  deps.store.putMany(written);
  return done({ revoked: true }, written, newlyRevoked.map((token) => tokenEvent('token.revoked', token, at)));
}
