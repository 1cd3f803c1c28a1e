/**
 * Resolves which client the request proves to be, once: the owner of the access token a bearer header presents (one
 * hash, one read, whatever the token's state: holding it is the proof), the client of Basic credentials whose secret
 * matches, or, for an operation whose body may name its client, the body: a `client_id` sent with its matching
 * `client_secret` (a client may send its credentials in the body, RFC 6749 §2.3.1), else the owner of the token it
 * carries (`refresh_token` of a refresh, `token` of a revocation). A client merely named (a wrong secret, an unknown
 * id) is no caller: the request is the address's alone, so it never counts against the rate window, the journal or
 * the coverage of the client it names (docs/security.md, "A tenant's window is its own"). Later stages read
 * `request.caller`: the scenario scope its client (so a request is settled once, wherever its credentials are, and a
 * refresh runs under its client's scenario, rate window and clock, and is journaled and counted to it), scenario
 * effects its token, authentication its verdict. With the client, its world is resolved, once (`request.world`, and
 * `context.world` for the observers): the rate limit, the journal and the handlers read it.
 */
import type { Caller, PresentedToken } from '../../domain/caller.ts';
import type { Operation } from '../../openapi/openapi-router.ts';
import { basicCredentials, withBasicClientCredentials } from '../basic-credentials.ts';
import type { RequestState, Stage } from '../stage.ts';
import type { World } from '../../deps/world.ts';
import { ownBodyLimit } from '../request-body.ts';
import { TOKEN_FIELDS } from '../client-naming-fields.ts';

/** What the caller stage asks of the layers below: tokens, secrets and worlds. */
export interface CallerSources {
  /** The access token a bearer header presents, whatever its state. */
  present(authorization: string | undefined): PresentedToken | undefined;
  /** Whether the operation's body may name its client (a token request, a refresh, a revocation). */
  bodyNamesClient(operation: Operation | undefined): boolean;
  /** The client owning a token by its secret (access or refresh), whatever its state. */
  ownerOf(secret: string): string | undefined;
  /** Whether `secret` is this client's secret (false for an unknown client). */
  secretMatches(clientId: string, secret: string): boolean;
  /** The client's world (world/worlds.ts). */
  worldOf(clientId: string): World;
}

export function resolveCaller(sources: CallerSources): Stage {
  const settle = (request: RequestState, clientId: string) => {
    const world = sources.worldOf(clientId);
    request.world = world;
    request.context.world = world;
    // One clock per request: from here on, its arrival too is on its client's clock.
    request.context.receivedAt = world.clientTime(request.context.receivedAt);
  };
  return {
    name: 'caller',
    run(request, next) {
      const authorization = request.incoming.headers['authorization'];
      const header = typeof authorization === 'string' ? authorization : undefined;
      const token = sources.present(header);
      const clientId = token?.record.clientId ?? provenBy(basicCredentials(header), sources);
      const caller: Caller = {};
      if (token) caller.token = token;
      request.caller = caller;
      if (clientId !== undefined) settle(request, clientId);
      if (clientId !== undefined || !sources.bodyNamesClient(request.operation)) return next(request);
      // Read now with the operation's own limit: the body stage answers from this same reading (a refusal included).
      return Promise.resolve(request.incoming.readBody(ownBodyLimit(request.operation))).then((outcome) => {
        const proven = outcome.ok ? provenBy(withBasicClientCredentials(outcome.body, header), sources) : undefined;
        if (proven !== undefined) settle(request, proven);
        return next(request);
      });
    },
  };
}

/** The client these fields prove the request to be: its id with its own secret, else the owner of a token they carry. */
function provenBy(body: unknown, sources: Pick<CallerSources, 'ownerOf' | 'secretMatches'>): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  const named = textIn(fields['client_id']);
  const secret = textIn(fields['client_secret']);
  if (named !== undefined && secret !== undefined && sources.secretMatches(named, secret)) return named;
  for (const field of TOKEN_FIELDS) {
    const held = textIn(fields[field]);
    const owner = held === undefined ? undefined : sources.ownerOf(held);
    if (owner !== undefined) return owner;
  }
  return undefined;
}

function textIn(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
