/** The tokens flow: issue, refresh, revoke, list, and the bearer verification of every protected call. */
import type { Authentication } from '../core/context.ts';
import type { Outcome } from '../core/outcome.ts';
import type { FlowDeps } from '../deps.ts';
import { issueForCredentials, issueForRefreshToken, type IssuedTokens } from './issue.ts';
import { listActiveTokens, type ActiveToken } from './list.ts';
import { revokeToken } from './revoke.ts';
import { verifyBearer } from './verify.ts';

export interface TokenFlow {
  issue(clientId: string, clientSecret: string): Outcome<IssuedTokens>;
  refresh(refreshSecret: string): Outcome<IssuedTokens>;
  revoke(callerId: string, secret: string): Outcome<{ revoked: true }>;
  list(clientId: string): ActiveToken[];
  /** An `Authorization` header → the caller, or invalid_token / TOKEN_REVOGADO / TOKEN_EXPIRADO / CLIENT_INATIVO. */
  verify(authorization: string | string[] | undefined): Authentication;
}

export function tokenFlow(deps: FlowDeps): TokenFlow {
  return {
    issue: (clientId, clientSecret) => issueForCredentials(deps, clientId, clientSecret),
    refresh: (refreshSecret) => issueForRefreshToken(deps, refreshSecret),
    revoke: (callerId, secret) => revokeToken(deps, callerId, secret),
    list: (clientId) => listActiveTokens(deps, clientId),
    verify: (authorization) => verifyBearer(deps, authorization),
  };
}
