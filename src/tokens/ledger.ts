/**
 * Per-client token bookkeeping, kept in the store's meta so that issuing, listing and revoking never scan the
 * client's token history, which grows with every issue: the last issue number, and the ids of the access
 * tokens that were active when last written (at most the limit plus one; some may be revoked or expired since).
 */
import type { TokenRecord } from '../domain/records.ts';
import { isActiveAccessToken } from './rules.ts';
import type { Store } from '../store/store-types.ts';

interface StoredLedger {
  sequence: number;
  live: string[];
}

export interface TokenLedger {
  sequence: number;
  /** The client's active access tokens, oldest first. */
  active: TokenRecord[];
}

const LEDGER_PREFIX = 'tokens:';
/** The store meta key of a client's token ledger. */
const metaKey = (clientId: string) => `${LEDGER_PREFIX}${clientId}`;

/** Whether a store meta key holds a token ledger (of `clientId`, when given). */
export function isTokenLedgerKey(key: string, clientId?: string): boolean {
  return clientId === undefined ? key.startsWith(LEDGER_PREFIX) : key === metaKey(clientId);
}

export function readLedger(store: Store, clientId: string, nowMs: number): TokenLedger {
  const stored = store.getMeta(metaKey(clientId)) as StoredLedger | undefined;
  const candidates = stored
    ? stored.live.flatMap((id) => store.get<TokenRecord>('tokens', id) ?? [])
    : // A store written before the ledger existed: one scan builds it, and the next write keeps it.
      store.list<TokenRecord>('tokens', clientId);
  const sequence = stored?.sequence ?? candidates.reduce((max, token) => Math.max(max, token.sequence), 0);
  const active = candidates.filter((token) => isActiveAccessToken(token, nowMs)).sort((a, b) => a.sequence - b.sequence);
  return { sequence, active };
}

/**
 * Call before the token records are put: should a crash keep only one of the two journal lines, it keeps this
 * one, and an id whose record never arrived is dropped at the next read.
 */
export function writeLedger(store: Store, clientId: string, sequence: number, active: readonly TokenRecord[]): void {
  const ledger: StoredLedger = { sequence, live: active.map((token) => token.id) };
  store.setMeta(metaKey(clientId), ledger);
}
