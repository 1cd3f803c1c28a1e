/** The tokens flow: issue, refresh, revoke, list, the bearer verification of every protected call, and withdrawal. */
import type { Authentication, PresentedToken } from '../domain/caller.ts';
import type { Outcome } from '../domain/outcome.ts';
import type { TokenPolicy } from '../domain/policy.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { World } from '../deps/world.ts';
import { issueForCredentials, issueForRefreshToken, type IssuedTokens } from './issue.ts';
import { listActiveTokens, type ActiveToken } from './list.ts';
import { revokeToken } from './revoke.ts';
import type { SentCredentials } from './rules.ts';
import { presentedAgain, presentedToken, verifyPresented } from './verify.ts';
import { findToken } from './token-record.ts';
import { expireTokens, revokeTokens, type Withdrawn } from './withdraw.ts';

export interface TokenFlow {
  /**
   * `world`: the world of the client the request proves to be (the caller stage resolved it); none when it proves
   * none, and then nothing is issued.
   */
  issue(world: World | undefined, policy: TokenPolicy, clientId: string, clientSecret: string): Outcome<IssuedTokens>;
  /** `sent`: client credentials the request carried along, checked when present. */
  refresh(world: World | undefined, policy: TokenPolicy, refreshSecret: string, sent?: SentCredentials): Outcome<IssuedTokens>;
  revoke(world: World, secret: string, sent?: SentCredentials): Outcome<{ revoked: true }>;
  list(world: World): ActiveToken[];
  /** The access token a bearer header presents, whatever its state (one hash, one read; nothing written). */
  present(authorization: string | string[] | undefined): PresentedToken | undefined;
  /** The client owning the token with this secret (access or refresh, whatever its state); nothing written. */
  ownerOf(secret: string): string | undefined;
  /** A presented token as it stands now, read by its id (after a scenario effect changed it). */
  presentAgain(presented: PresentedToken): PresentedToken | undefined;
  /** A presented token (or none) → the caller, or invalid_token / TOKEN_REVOGADO / TOKEN_EXPIRADO / CLIENT_INATIVO. */
  verify(presented: PresentedToken | undefined, world: World | undefined): Authentication;
  /** Revokes the listed tokens of the world's client, or all it holds. */
  revokeAll(world: World, ids?: readonly string[]): Outcome<Withdrawn>;
  /** Expires the listed access tokens of the world's client now, or all its active ones. */
  expireAll(world: World, ids?: readonly string[]): Outcome<Withdrawn>;
}

export function tokenFlow(deps: FlowDeps): TokenFlow {
  return {
    issue: (world, policy, clientId, clientSecret) => issueForCredentials(deps, world, policy, clientId, clientSecret),
    refresh: (world, policy, refreshSecret, sent) => issueForRefreshToken(deps, world, policy, refreshSecret, sent),
    revoke: (world, secret, sent) => revokeToken(deps, world, secret, sent),
    list: (world) => listActiveTokens(deps, world),
    present: (authorization) => presentedToken(deps, authorization),
    presentAgain: (presented) => presentedAgain(deps, presented),
    ownerOf: (secret) => findToken(deps, secret)?.clientId,
    verify: (presented, world) => verifyPresented(deps, world, presented),
    revokeAll: (world, ids) => revokeTokens(deps, world, ids),
    expireAll: (world, ids) => expireTokens(deps, world, ids),
  };
}
