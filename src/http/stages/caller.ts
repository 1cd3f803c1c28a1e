/**
 * Resolves who the request presents itself as, once: the access token of a bearer header (one hash, one read,
 * whatever the token's state), the client of Basic credentials, or, for an operation that takes client credentials,
 * the `client_id` its body names (a client may send its credentials in the body, RFC 6749 §2.3.1). Later stages read
 * `request.caller`: the scenario scope its client (so a request is settled once, wherever its credentials are),
 * scenario effects its token, authentication its verdict.
 */
import type { Caller, PresentedToken } from '../../domain/caller.ts';
import type { Operation } from '../../openapi/openapi-router.ts';
import { basicClientId } from '../basic-credentials.ts';
import type { Stage } from '../stage.ts';
import { ownBodyLimit } from '../request-body.ts';

export function resolveCaller(
  present: (authorization: string | undefined) => PresentedToken | undefined,
  /** Whether the operation takes client credentials (a token request): its body may name the client. */
  takesClientCredentials: (operation: Operation | undefined) => boolean = () => false,
): Stage {
  return {
    name: 'caller',
    run(request, next) {
      const authorization = request.incoming.headers['authorization'];
      const header = typeof authorization === 'string' ? authorization : undefined;
      const token = present(header);
      const clientId = token?.record.clientId ?? basicClientId(header);
      const caller: Caller = {};
      if (token) caller.token = token;
      request.caller = caller;
      if (clientId !== undefined) caller.clientId = clientId;
      if (clientId !== undefined || !takesClientCredentials(request.operation)) return next();
      // Read now with the operation's own limit: the body stage answers from this same reading (a refusal included).
      return request.incoming.readBody(ownBodyLimit(request.operation)).then((outcome) => {
        const named = outcome.ok ? clientIdIn(outcome.body) : undefined;
        if (named !== undefined) caller.clientId = named;
        return next();
      });
    },
  };
}

function clientIdIn(body: unknown): string | undefined {
  const named = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['client_id'] : undefined;
  return typeof named === 'string' && named.length > 0 ? named : undefined;
}
