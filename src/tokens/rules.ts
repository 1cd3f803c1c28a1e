/**
 * Token rules (the service's documentation; the mock's choices in docs/assumptions.md): what a token record is, when it is active, and how a
 * presented secret finds its record without storing the secret itself.
 */
import { createHash, hash, timingSafeEqual } from 'node:crypto';
import type { ClientEntry, ClientRegistry } from '../clients/client-registry.ts';
import { ID_PREFIX } from '../domain/ids.ts';
import type { TokenRecord } from '../domain/records.ts';

/** SHA-256 in hex, one shot: every request with a bearer token hashes it, and no Hash object is made for it. */
export function hashToken(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** The record id of a secret: derived from its hash, so a lookup is one `get`, not a scan. */
export function tokenIdOf(secret: string): string {
  return tokenIdOfHash(hashToken(secret));
}

export function tokenIdOfHash(hash: string): string {
  return `${ID_PREFIX.token}_${hash.slice(0, 32)}`;
}

/**
 * Whether a presented secret's hash is a record's: one hash per check instead of four, compared in constant time.
 * Both are SHA-256 in lower-case hex (a stored one is refused otherwise), so their characters are compared as they
 * are, every one of them, with no buffer made per request.
 */
export function isHashOf(presentedHash: string, storedHash: string): boolean {
  if (presentedHash.length !== storedHash.length) return false;
  let difference = 0;
  for (let at = 0; at < presentedHash.length; at += 1) difference |= presentedHash.charCodeAt(at) ^ storedHash.charCodeAt(at);
  return difference === 0;
}

export function isExpired(token: TokenRecord, nowMs: number): boolean {
  return token.expiresAt !== null && nowMs >= Date.parse(token.expiresAt);
}

export function isActiveAccessToken(token: TokenRecord, nowMs: number): boolean {
  return token.kind === 'access' && token.revokedAt === null && !isExpired(token, nowMs);
}

/** Constant-time comparison of two strings of any length. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export type ClientCheck =
  | { ok: true; client: Readonly<ClientEntry> }
  | { ok: false; reason: 'client_invalid' | 'client_inactive' };

/** Client credentials a refresh or revoke request carried along (optional there, checked when sent). */
export interface SentCredentials {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
}

/**
 * Optional client authentication on a token of `ownerId` (RFC 6749 §2.3.1, RFC 7009 §2.1): nothing sent passes;
 * a `client_id` must name the owner and a secret must match it (the owner's when no id is sent).
 */
export function checkSentCredentials(clients: ClientRegistry, ownerId: string, sent: SentCredentials): ClientCheck | undefined {
  if (sent.clientId === undefined && sent.clientSecret === undefined) return undefined;
  if (sent.clientId !== undefined && sent.clientId !== ownerId) return { ok: false, reason: 'client_invalid' };
  if (sent.clientSecret === undefined) return undefined;
  return checkClientCredentials(clients, ownerId, sent.clientSecret);
}

/** Wrong id or secret → CLIENT_INVALIDO; a deactivated client only after its secret matched → CLIENT_INATIVO. */
export function checkClientCredentials(clients: ClientRegistry, clientId: string, clientSecret: string): ClientCheck {
  const client = clients.find(clientId);
  const secretMatches = clients.secretMatches(clientId, clientSecret);
  if (!client || !secretMatches) return { ok: false, reason: 'client_invalid' };
  if (!client.active) return { ok: false, reason: 'client_inactive' };
  return { ok: true, client };
}
