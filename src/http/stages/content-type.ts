/**
 * Refuses, with 415 before the body is read, a body whose Content-Type the operation's document does not list:
 * form-encoded bodies only where it lists them, which is also what keeps a plain HTML form of another site from
 * reaching an operation. A GET or HEAD takes no body (it is drained and ignored), so its type is not judged.
 */
import { unsupportedMediaType } from '../media-types.ts';
import { BODILESS } from '../request-body.ts';
import type { Stage } from '../stage.ts';

export const acceptContentType: Stage = {
  name: 'content-type',
  run(request, next) {
    if (BODILESS.has(request.context.method)) return next(request);
    const sent = request.incoming.headers['content-type'];
    return unsupportedMediaType(request.operation, typeof sent === 'string' ? sent : undefined) ?? next(request);
  },
};
