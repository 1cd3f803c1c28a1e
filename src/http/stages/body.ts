/** Reads the body of a routed request: 413 past 1 MiB, 400 for malformed JSON or an unsupported media type. */
import type { Stage } from '../stage.ts';

export const readRequestBody: Stage = {
  name: 'body',
  async run(request, next) {
    const outcome = await request.incoming.readBody();
    if (!outcome.ok) return outcome;
    request.body = outcome.body;
    return next();
  },
};
