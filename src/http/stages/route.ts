/**
 * Answers what reaches no operation: a malformed path (400), a wrong method (405 with `Allow`), an unknown
 * path (404). Runs before the body is read, so such a request is refused whatever its body.
 */
import { failure } from '../../errors/failures.ts';
import { allowHeader } from '../allow-header.ts';
import type { OpenApiRouter } from '../../openapi/openapi-router.ts';
import type { RequestState, Stage } from '../stage.ts';
import { isDecodable } from './api-prefix.ts';

export function route(router: OpenApiRouter): Stage {
  return {
    name: 'route',
    run(request, next) {
      const path = request.apiPath ?? '';
      const method = request.routeMethod ?? request.context.method;
      const literal = router.literalPathMethods(path);
      if (literal && !literal.includes(method)) return methodNotAllowed(request, literal);
      if (request.operation) return next();
      // Only an undecodable path can have found no operation for that reason (api-prefix does not route it).
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
