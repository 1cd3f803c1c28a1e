/**
 * The one stage that answers for routing (the request was located when it arrived, see ../routing.ts): a
 * malformed path (400), a wrong method (405 with `Allow`), an unknown path (404). Runs after the rate limit, so
 * such an answer counts and carries its headers, and before the body is read, so it is given whatever the body.
 */
import { failure } from '../../errors/failures.ts';
import { allowHeader } from '../allow-header.ts';
import type { OpenApiRouter } from '../../openapi/openapi-router.ts';
import { isDecodable } from '../routing.ts';
import type { RequestState, Stage } from '../stage.ts';

export function route(router: OpenApiRouter): Stage {
  return {
    name: 'route',
    run(request, next) {
      const path = request.apiPath ?? '';
      const method = request.routeMethod ?? request.context.method;
      const literal = router.literalPathMethods(path);
      if (literal && !literal.includes(method)) return methodNotAllowed(request, literal);
      if (request.operation) return next(request);
      // Only an undecodable path can have found no operation for that reason (it is never matched).
      if (!isDecodable(path)) return failure('undecodable_path');
      const allowed = router.allowedMethods(path);
      return allowed.length > 0 ? methodNotAllowed(request, allowed) : failure('not_found');
    },
  };
}

function methodNotAllowed(request: RequestState, methods: readonly string[]) {
  request.context.operationId = undefined;
  request.operation = undefined;
  return failure('method_not_allowed', { headers: { Allow: allowHeader(methods) } });
}
