/** The tokens flow: issue, refresh, revoke, list, the bearer verification of every protected call, and withdrawal. */
import type { Authentication, PresentedToken } from '../domain/caller.ts';
import type { Outcome } from '../domain/outcome.ts';
import type { TokenPolicy } from '../domain/policy.ts';
import type { FlowDeps } from '../deps/deps.ts';
import { issueForCredentials, issueForRefreshToken, type IssuedTokens } from './issue.ts';
import { listActiveTokens, type ActiveToken } from './list.ts';
import { revokeToken } from './revoke.ts';
import type { SentCredentials } from './rules.ts';
import { presentedAgain, presentedToken, verifyPresented } from './verify.ts';
import { findToken } from './token-record.ts';
import { expireTokens, revokeTokens, type Withdrawn } from './withdraw.ts';

export interface TokenFlow {
  issue(policy: TokenPolicy, clientId: string, clientSecret: string): Outcome<IssuedTokens>;
  /** `sent`: client credentials the request carried along, checked when present. */
  refresh(policy: TokenPolicy, refreshSecret: string, sent?: SentCredentials): Outcome<IssuedTokens>;
  revoke(callerId: string, secret: string, sent?: SentCredentials): Outcome<{ revoked: true }>;
  list(clientId: string): ActiveToken[];
  /** The access token a bearer header presents, whatever its state (one hash, one read; nothing written). */
  present(authorization: string | string[] | undefined): PresentedToken | undefined;
  /** The client owning the token with this secret (access or refresh, whatever its state); nothing written. */
  ownerOf(secret: string): string | undefined;
  /** A presented token as it stands now, read by its id (after a scenario effect changed it). */
  presentAgain(presented: PresentedToken): PresentedToken | undefined;
  /** A presented token (or none) → the caller, or invalid_token / TOKEN_REVOGADO / TOKEN_EXPIRADO / CLIENT_INATIVO. */
  verify(presented: PresentedToken | undefined): Authentication;
  /** Revokes the listed tokens of the client, or all it holds. */
  revokeAll(clientId: string, ids?: readonly string[]): Outcome<Withdrawn>;
  /** Expires the listed access tokens of the client now, or all its active ones. */
  expireAll(clientId: string, ids?: readonly string[]): Outcome<Withdrawn>;
}

export function tokenFlow(deps: FlowDeps): TokenFlow {
  return {
    issue: (policy, clientId, clientSecret) => issueForCredentials(deps, policy, clientId, clientSecret),
    refresh: (policy, refreshSecret, sent) => issueForRefreshToken(deps, policy, refreshSecret, sent),
    revoke: (callerId, secret, sent) => revokeToken(deps, callerId, secret, sent),
    list: (clientId) => listActiveTokens(deps, clientId),
    present: (authorization) => presentedToken(deps, authorization),
    presentAgain: (presented) => presentedAgain(deps, presented),
    ownerOf: (secret) => findToken(deps, secret)?.clientId,
    verify: (presented) => verifyPresented(deps, presented),
    revokeAll: (clientId, ids) => revokeTokens(deps, clientId, ids),
    expireAll: (clientId, ids) => expireTokens(deps, clientId, ids),
  };
}
