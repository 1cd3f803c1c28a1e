/** The caller's active access tokens, newest first, never their secrets (docs/assumptions.md). */
import type { FlowDeps } from '../deps/deps.ts';
import { readLedger } from './ledger.ts';

export interface ActiveToken {
  id: string;
  tokenHint: string;
  issuedAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

export function listActiveTokens(deps: FlowDeps, clientId: string): ActiveToken[] {
  const { active } = readLedger(deps.store, clientId, deps.clock.forClient(clientId).nowMs());
  return [...active].reverse().map(({ id, tokenHint, issuedAt, expiresAt, lastUsedAt }) => ({
    id,
    tokenHint,
    issuedAt,
    expiresAt,
    lastUsedAt,
  }));
}
