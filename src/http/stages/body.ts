/**
 * Reads the body of a routed request: 413 past the limit (the server's, or the operation's own
 * `x-max-body-bytes`), 400 for malformed JSON or an unsupported media type.
 */
import type { Operation } from '../../openapi/openapi-router.ts';
import type { Stage } from '../stage.ts';

/** The operation's own body limit (`x-max-body-bytes`), if the document gives it one; the pact check reads it too. */
export function ownBodyLimit(operation: Operation | undefined): number | undefined {
  const own = (operation as { 'x-max-body-bytes'?: unknown } | undefined)?.['x-max-body-bytes'];
  return typeof own === 'number' ? own : undefined;
}

export const readRequestBody: Stage = {
  name: 'body',
  async run(request, next) {
    const outcome = await request.incoming.readBody(ownBodyLimit(request.operation));
    if (!outcome.ok) return outcome;
    request.body = outcome.body;
    return next();
  },
};
