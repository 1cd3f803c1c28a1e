/**
 * The access tokens the target issued through this proxy (its `issueToken` and `refreshToken` answers), kept as
 * SHA-256 digests, never as tokens. With `--fallback mock`, such a token has been proven by the target, so the
 * fallback presents one of the mock's own client in its place; any other bearer goes to the mock as it was sent
 * and the mock judges it as it judges every token (a garbage string is its 401 `invalid_token`).
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The most recent tokens kept; an older one reaches the mock as sent (401). */
export const TARGET_TOKENS_KEPT = 1_000;

const TOKEN_OPERATIONS: ReadonlySet<string> = new Set(['issueToken', 'refreshToken']);

export interface TargetTokens {
  /** Told each judged exchange: remembers the access token of a token answer. */
  saw(operationId: string, status: number, body: unknown): void;
  /** Whether the request's bearer token is one the target issued. */
  issuedBearer(headers: IncomingHttpHeaders): boolean;
}

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createTargetTokens(): TargetTokens {
  // A Set iterates in insertion order: its first entry is the oldest.
  const digests = new Set<string>();
  return {
    saw(operationId, status, body) {
      if (!TOKEN_OPERATIONS.has(operationId) || status !== 200) return;
      const token = (body as { data?: { access_token?: unknown } } | null)?.data?.access_token;
      if (typeof token !== 'string' || token === '') return;
      digests.add(digest(token));
      if (digests.size > TARGET_TOKENS_KEPT) digests.delete(digests.values().next().value as string);
    },
    issuedBearer(headers) {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(String(headers['authorization'] ?? ''));
      return bearer?.[1] !== undefined && digests.has(digest(bearer[1]));
    },
  };
}
