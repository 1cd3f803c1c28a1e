/** Token issue, refresh, revoke and list (the service's documentation; the mock's choices in docs/assumptions.md). */
import { failure, type ErrorDetail } from '../errors/failures.ts';
import { worldOf, type HandlerTable } from './handler.ts';
import { okData, replyOf } from '../domain/reply.ts';
import type { IssuedTokens } from '../tokens/issue.ts';
import type { TokenFlow } from '../tokens/token-flow.ts';

const tokenBody = (issued: IssuedTokens) =>
  okData({ access_token: issued.accessToken, refresh_token: issued.refreshToken, token_type: 'Bearer', expires_in: issued.expiresIn });

/** What a client sent of its own credentials (in the body, or by HTTP Basic copied there). */
const sentCredentials = (body: { client_id?: string; client_secret?: string }) => ({ clientId: body.client_id, clientSecret: body.client_secret });

export function authHandlers(tokens: TokenFlow): Pick<HandlerTable, 'issueToken' | 'refreshToken' | 'revokeToken' | 'listTokens'> {
  return {
    issueToken(input) {
      const { client_id: clientId, client_secret: clientSecret } = input.body ?? {};
      // Required unless HTTP Basic carried them (the document's x-required-unless-basic): the body or the header.
      if (clientId === undefined || clientSecret === undefined) return failure('invalid_request', { details: missingCredentials(clientId, clientSecret) });
      return replyOf(tokens.issue(input.world, input.context.policy.tokens, clientId, clientSecret), tokenBody);
    },
    refreshToken: (input) => replyOf(tokens.refresh(input.world, input.context.policy.tokens, input.body.refresh_token, sentCredentials(input.body)), tokenBody),
    revokeToken: (input) => replyOf(tokens.revoke(worldOf(input), input.body.token, sentCredentials(input.body)), okData),
    listTokens: (input) => okData(tokens.list(worldOf(input))),
  };
}

function missingCredentials(clientId: string | undefined, clientSecret: string | undefined): ErrorDetail[] {
  const message = 'campo obrigatório (no corpo ou em Authorization: Basic)';
  return [
    ...(clientId === undefined ? [{ path: 'client_id', message }] : []),
    ...(clientSecret === undefined ? [{ path: 'client_secret', message }] : []),
  ];
}
