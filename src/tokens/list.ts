/** The caller's active access tokens, newest first, never their secrets (docs/assumptions.md). */
import type { FlowDeps } from '../deps/deps.ts';
import type { World } from '../deps/world.ts';
import { readLedger } from './ledger.ts';

export interface ActiveToken {
  id: string;
  tokenHint: string;
  issuedAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

export function listActiveTokens(deps: FlowDeps, world: World): ActiveToken[] {
  const { active } = readLedger(deps.store, world.clientId, world.clock.nowMs());
  return [...active].reverse().map(({ id, tokenHint, issuedAt, expiresAt, lastUsedAt }) => ({
    id,
    tokenHint,
    issuedAt,
    expiresAt,
    lastUsedAt,
  }));
}
