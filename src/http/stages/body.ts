/**
 * Reads the body of a routed request: 413 past the limit (the server's, or the operation's own
 * `x-max-body-bytes`), 400 for malformed JSON or an unsupported media type.
 */
import { ownBodyLimit, type BodyOutcome } from '../request-body.ts';
import type { Next, RequestState, Stage } from '../stage.ts';

export const readRequestBody: Stage = {
  name: 'body',
  run(request, next) {
    const outcome = request.incoming.readBody(ownBodyLimit(request.operation));
    // A read's outcome is known at once: it passes on in the same turn, with no promise of this stage's own.
    return outcome instanceof Promise ? outcome.then((read) => passOn(read, request, next)) : passOn(outcome, request, next);
  },
};

function passOn(outcome: BodyOutcome, request: RequestState, next: Next): ReturnType<Stage['run']> {
  if (!outcome.ok) return outcome;
  request.body = outcome.body;
  return next(request);
}
