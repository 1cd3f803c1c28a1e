/**
 * Bearer verification (RFC 6750), in two steps: `presentedToken` finds the token record of the presented secret
 * once per request (one hash, one read), `verifyPresented` decides between invalid_token, TOKEN_REVOGADO,
 * TOKEN_EXPIRADO, CLIENT_INATIVO and the caller's principal without hashing or finding it again.
 */
import type { Authentication, PresentedToken } from '../domain/caller.ts';
import { failure, type ErrorReason } from '../errors/failures.ts';
import type { TokenRecord } from '../domain/records.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { World } from '../deps/world.ts';
import { hashToken, isExpired, isHashOf, tokenIdOfHash } from './rules.ts';

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
/** lastUsedAt is refreshed at most this often, so reads do not each cost a journal write. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** `world`: that of the token's owner, resolved with the caller (none only when no token was presented). */
export function verifyPresented(deps: FlowDeps, world: World | undefined, presented: PresentedToken | undefined): Authentication {
  if (!presented || !world) return denied('invalid_token');
  const { record: token } = presented;
  const nowMs = world.clock.nowMs();
  if (token.revokedAt !== null || presented.refreshRevoked) return denied('token_revoked');
  if (isExpired(token, nowMs)) return denied('token_expired');
  if (!deps.clients.isActive(token.clientId)) return denied('client_inactive');
  if (token.lastUsedAt === null || nowMs - Date.parse(token.lastUsedAt) >= LAST_USED_RESOLUTION_MS) {
    // Read again to write: the record as presented may predate a change made meanwhile (a revocation).
    const current = deps.store.get<TokenRecord>('tokens', token.id);
    if (current) deps.store.put('tokens', { ...current, lastUsedAt: new Date(nowMs).toISOString() });
  }
  return { ok: true, principal: { tokenId: token.id } };
}

/** The genuine access token an `Authorization: Bearer` header presents, whatever its state; no write. */
export function presentedToken(deps: FlowDeps, header: string | string[] | undefined): PresentedToken | undefined {
  const secret = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  if (!secret) return undefined;
  const hash = hashToken(secret);
  const token = deps.store.get<TokenRecord>('tokens', tokenIdOfHash(hash));
  return token && token.kind === 'access' && isHashOf(hash, token.tokenHash) ? presentedAsStored(deps, token) : undefined;
}

/** A presented token as it stands now (after a scenario effect changed it): read by its id, no hash. */
export function presentedAgain(deps: FlowDeps, presented: PresentedToken): PresentedToken | undefined {
  const token = deps.store.get<TokenRecord>('tokens', presented.record.id);
  return token && presentedAsStored(deps, token);
}

/** Revoking a refresh token revokes every access token issued from it (RFC 7009 §2.1), expired ones included. */
function presentedAsStored(deps: FlowDeps, record: TokenRecord): PresentedToken {
  const refresh = record.refreshTokenId === null ? undefined : deps.store.get<TokenRecord>('tokens', record.refreshTokenId);
  return { record, refreshRevoked: (refresh?.revokedAt ?? null) !== null };
}

function denied(reason: Extract<ErrorReason, 'invalid_token' | 'token_revoked' | 'token_expired' | 'client_inactive'>): Authentication {
  return failure(reason);
}
