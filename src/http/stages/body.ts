/**
 * Reads the body of a routed request: 413 past the limit (the server's, or the operation's own
 * `x-max-body-bytes`), 400 for malformed JSON or an unsupported media type.
 */
import { ownBodyLimit } from '../request-body.ts';
import type { Stage } from '../stage.ts';

export const readRequestBody: Stage = {
  name: 'body',
  async run(request, next) {
    const outcome = await request.incoming.readBody(ownBodyLimit(request.operation));
    if (!outcome.ok) return outcome;
    request.body = outcome.body;
    return next();
  },
};
