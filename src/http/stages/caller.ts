/**
 * Resolves who the request presents itself as, once, from its headers: the access token of a bearer header (one
 * hash, one read, whatever the token's state) or the client of Basic credentials. Later stages read
 * `request.caller`: the scenario scope its client, scenario effects its token, authentication its verdict.
 */
import type { Caller, PresentedToken } from '../../domain/caller.ts';
import { basicClientId } from '../basic-credentials.ts';
import type { Stage } from '../stage.ts';

export function resolveCaller(present: (authorization: string | undefined) => PresentedToken | undefined): Stage {
  return {
    name: 'caller',
    run(request, next) {
      const authorization = request.incoming.headers['authorization'];
      const header = typeof authorization === 'string' ? authorization : undefined;
      const token = present(header);
      const clientId = token?.record.clientId ?? basicClientId(header);
      const caller: Caller = {};
      if (clientId !== undefined) caller.clientId = clientId;
      if (token) caller.token = token;
      request.caller = caller;
      return next();
    },
  };
}
