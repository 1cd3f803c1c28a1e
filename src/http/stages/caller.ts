/**
 * Resolves who the request presents itself as, once: the access token of a bearer header (one hash, one read,
 * whatever the token's state), the client of Basic credentials, or, for an operation whose body may name its
 * client, the body: the `client_id` it sends (a client may send its credentials in the body, RFC 6749 §2.3.1), else
 * the owner of the token it carries (`refresh_token` of a refresh, `token` of a revocation). Later stages read
 * `request.caller`: the scenario scope its client (so a request is settled once, wherever its credentials are, and
 * a refresh runs under its client's scenario, rate window and clock, and is journaled and counted to it), scenario
 * effects its token, authentication its verdict. With the client, its world is resolved, once (`request.world`, and
 * `context.world` for the observers): the rate limit, the journal and the handlers read it.
 */
import type { Caller, PresentedToken } from '../../domain/caller.ts';
import type { Operation } from '../../openapi/openapi-router.ts';
import { basicClientId } from '../basic-credentials.ts';
import type { RequestState, Stage } from '../stage.ts';
import type { World } from '../../deps/world.ts';
import { ownBodyLimit } from '../request-body.ts';

export function resolveCaller(
  present: (authorization: string | undefined) => PresentedToken | undefined,
  /** Whether the operation's body may name its client (a token request, a refresh, a revocation). */
  bodyNamesClient: (operation: Operation | undefined) => boolean,
  /** The client owning a token by its secret (access or refresh), whatever its state. */
  ownerOf: (secret: string) => string | undefined,
  /** The client's world (world/worlds.ts). */
  worldOf: (clientId: string) => World,
): Stage {
  const settle = (request: RequestState, caller: Caller, clientId: string) => {
    caller.clientId = clientId;
    const world = worldOf(clientId);
    request.world = world;
    request.context.world = world;
  };
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
      if (clientId !== undefined) settle(request, caller, clientId);
      if (clientId !== undefined || !bodyNamesClient(request.operation)) return next();
      // Read now with the operation's own limit: the body stage answers from this same reading (a refusal included).
      return request.incoming.readBody(ownBodyLimit(request.operation)).then((outcome) => {
        const named = outcome.ok ? clientNamedBy(outcome.body, ownerOf) : undefined;
        if (named !== undefined) settle(request, caller, named);
        return next();
      });
    },
  };
}

/** The body fields that name a client, most direct first: its id, then a token it holds. */
export const CLIENT_NAMING_FIELDS = ['client_id', 'refresh_token', 'token'] as const;

function clientNamedBy(body: unknown, ownerOf: (secret: string) => string | undefined): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  const named = textIn(fields['client_id']);
  if (named !== undefined) return named;
  for (const field of ['refresh_token', 'token'] as const) {
    const secret = textIn(fields[field]);
    const owner = secret === undefined ? undefined : ownerOf(secret);
    if (owner !== undefined) return owner;
  }
  return undefined;
}

function textIn(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
