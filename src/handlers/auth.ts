/** Token issue, refresh, revoke and list (seed §Authentication, CONTRACT.md §Authentication). */
import { callerOf, type HandlerTable } from '../core/handler.ts';
import { okData, replyOf } from '../core/reply.ts';
import type { IssuedTokens } from '../tokens/issue.ts';
import type { TokenFlow } from '../tokens/token-flow.ts';


const tokenBody = (issued: IssuedTokens) =>
  okData({ access_token: issued.accessToken, refresh_token: issued.refreshToken, token_type: 'Bearer', expires_in: issued.expiresIn });

export function authHandlers(tokens: TokenFlow): Pick<HandlerTable, 'issueToken' | 'refreshToken' | 'revokeToken' | 'listTokens'> {
  return {
    issueToken: (input) => replyOf(tokens.issue(input.context.policy.tokens, input.body.client_id, input.body.client_secret), tokenBody),
    refreshToken: (input) => replyOf(tokens.refresh(input.context.policy.tokens, input.body.refresh_token), tokenBody),
    revokeToken: (input) => replyOf(tokens.revoke(callerOf(input), input.body.token), okData),
    listTokens: (input) => okData(tokens.list(callerOf(input))),
  };
}
