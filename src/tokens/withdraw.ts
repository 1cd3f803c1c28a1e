/**
 * Taking tokens away from a client without its asking (admin API, scenario effects): revoke or expire one token by
 * id, or all of a client's. A revoked token answers TOKEN_REVOGADO, an expired one TOKEN_EXPIRADO, exactly as if
 * the client had revoked it or the clock had passed its expiry.
 */
import { done, type Outcome } from '../domain/outcome.ts';
import type { RecordWrite, TokenRecord } from '../domain/records.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { World } from '../deps/world.ts';
import { readLedger } from './ledger.ts';
import { tokenEvent } from './token-record.ts';

export interface Withdrawn {
  /** How many tokens changed. */
  count: number;
}

/** Revokes the given tokens of the client, or every token it holds (refresh tokens included) when `ids` is omitted. */
export function revokeTokens(deps: FlowDeps, world: World, ids?: readonly string[]): Outcome<Withdrawn> {
  const { clientId } = world;
  const at = world.clock.now().toISOString();
  const held = ids ? ids.flatMap((id) => deps.store.get<TokenRecord>('tokens', id) ?? []) : deps.store.list<TokenRecord>('tokens', clientId);
  const targets = held.filter((token) => token.clientId === clientId && token.revokedAt === null);
  const written: RecordWrite[] = targets.map((token) => ({ collection: 'tokens', record: { ...token, revokedAt: at } }));
  deps.store.putMany(written);
  return done({ count: targets.length }, written, targets.map((token) => tokenEvent('token.revoked', token, at)));
}

/** Expires the given access tokens of the client now, or all of its active ones when `ids` is omitted. */
export function expireTokens(deps: FlowDeps, world: World, ids?: readonly string[]): Outcome<Withdrawn> {
  const { clientId } = world;
  const nowMs = world.clock.nowMs();
  const at = new Date(nowMs).toISOString();
  const active = readLedger(deps.store, clientId, nowMs).active;
  const targets = ids ? active.filter((token) => ids.includes(token.id)) : active;
  const written: RecordWrite[] = targets.map((token) => ({ collection: 'tokens', record: { ...token, expiresAt: at } }));
  deps.store.putMany(written);
  return done({ count: targets.length }, written);
}
