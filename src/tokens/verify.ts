/**
 * Bearer verification (RFC 6750): finds the token record of the presented secret and decides between
 * invalid_token, TOKEN_REVOGADO, TOKEN_EXPIRADO, CLIENT_INATIVO and the caller's principal.
 */
import type { Authentication } from '../handling/request-context-types.ts';
import { failure, type ErrorReason } from '../errors/failures.ts';
import type { TokenRecord } from '../domain/records.ts';
import type { FlowDeps } from '../platform/deps.ts';
import { hashToken, isExpired, isHashOf, tokenIdOfHash } from './rules.ts';

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
/** lastUsedAt is refreshed at most this often, so reads do not each cost a journal write. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function verifyBearer(deps: FlowDeps, header: string | string[] | undefined): Authentication {
  const token = accessTokenOf(deps, header);
  if (!token) return denied('invalid_token');
  const nowMs = deps.clock.nowMs();
  if (token.revokedAt !== null || isRevoked(deps, token.refreshTokenId)) return denied('token_revoked');
  if (isExpired(token, nowMs)) return denied('token_expired');
  if (!deps.clients.isActive(token.clientId)) return denied('client_inactive');
  if (token.lastUsedAt === null || nowMs - Date.parse(token.lastUsedAt) >= LAST_USED_RESOLUTION_MS) {
    deps.store.put('tokens', { ...token, lastUsedAt: new Date(nowMs).toISOString() });
  }
  return { ok: true, principal: { clientId: token.clientId, tokenId: token.id } };
}

/** The genuine access token an `Authorization: Bearer` header presents, whatever its state; no write. */
export function accessTokenOf(deps: FlowDeps, header: string | string[] | undefined): TokenRecord | undefined {
  const secret = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  if (!secret) return undefined;
  const hash = hashToken(secret);
  const token = deps.store.get<TokenRecord>('tokens', tokenIdOfHash(hash));
  return token && token.kind === 'access' && isHashOf(hash, token.tokenHash) ? token : undefined;
}

/** Revoking a refresh token revokes every access token issued from it (RFC 7009 §2.1), expired ones included. */
function isRevoked(deps: FlowDeps, tokenId: string | null): boolean {
  return tokenId !== null && (deps.store.get<TokenRecord>('tokens', tokenId)?.revokedAt ?? null) !== null;
}

function denied(reason: Extract<ErrorReason, 'invalid_token' | 'token_revoked' | 'token_expired' | 'client_inactive'>): Authentication {
  return failure(reason);
}
