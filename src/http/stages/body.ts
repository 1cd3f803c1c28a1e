/**
 * Reads the body of a routed request: 413 past the limit (the server's, or the operation's own
 * `x-max-body-bytes`), 400 for malformed JSON or an unsupported media type.
 */
import type { Stage } from '../stage.ts';

export const readRequestBody: Stage = {
  name: 'body',
  async run(request, next) {
    const own = (request.operation as { 'x-max-body-bytes'?: unknown } | undefined)?.['x-max-body-bytes'];
    const outcome = await request.incoming.readBody(typeof own === 'number' ? own : undefined);
    if (!outcome.ok) return outcome;
    request.body = outcome.body;
    return next();
  },
};
