/**
 * The token policy's defaults and the active-token limit: a token lives an hour, a client holds at most five active
 * access tokens, and the sixth request is refused (`reject`) unless the policy revokes the oldest instead
 * (`revoke-oldest`). The configuration (`tokens`) and a scenario (`tokens:`) may set each field; the error's
 * Portuguese message is the catalogue's (`active_token_cap`, src/errors/api-errors.ts).
 */
import type { TokenPolicy } from '../domain/policy.ts';
import { failure, type Failure } from '../errors/failures.ts';
import type { TokenRecord } from '../domain/records.ts';

export const TOKEN_POLICY_DEFAULTS: Readonly<TokenPolicy> = { ttlSeconds: 3600, maxActivePerClient: 5, limitPolicy: 'reject' };

/**
 * Room for one more access token among a client's active ones: nothing to do under the limit; at it, `reject`
 * refuses and `revoke-oldest` names the oldest to revoke (revoked at `at`).
 */
export function makeRoom(policy: TokenPolicy, active: readonly TokenRecord[], at: string): { ok: true; revoke: TokenRecord[] } | Failure {
  const { maxActivePerClient, limitPolicy } = policy;
  const excess = Math.max(0, active.length - maxActivePerClient + 1);
  if (excess > 0 && limitPolicy === 'reject') {
    return failure('active_token_cap', { max: maxActivePerClient });
  }
  return { ok: true, revoke: active.slice(0, excess).map((token) => ({ ...token, revokedAt: at })) };
}
