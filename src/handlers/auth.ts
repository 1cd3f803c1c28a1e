/** Token issue, refresh, revoke and list (seed §Authentication, CONTRACT.md §Authentication). */
import { callerOf, type Handler } from '../core/handler.ts';
import { okData, replyOf } from '../core/reply.ts';
import type { IssuedTokens } from '../tokens/issue.ts';
import type { TokenFlow } from '../tokens/token-flow.ts';

type AuthOperation = 'issueToken' | 'refreshToken' | 'revokeToken' | 'listTokens';

const tokenBody = (issued: IssuedTokens) =>
  okData({ access_token: issued.accessToken, refresh_token: issued.refreshToken, token_type: 'Bearer', expires_in: issued.expiresIn });

export function authHandlers(tokens: TokenFlow): Record<AuthOperation, Handler> {
  return {
    issueToken(input) {
      const body = input.body as { client_id: string; client_secret: string };
      return replyOf(tokens.issue(body.client_id, body.client_secret), tokenBody);
    },
    refreshToken: (input) => replyOf(tokens.refresh((input.body as { refresh_token: string }).refresh_token), tokenBody),
    revokeToken: (input) => replyOf(tokens.revoke(callerOf(input), (input.body as { token: string }).token), okData),
    listTokens: (input) => okData(tokens.list(callerOf(input))),
  };
}
