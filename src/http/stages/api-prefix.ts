/**
 * Finds the API path under one of the document's prefixes (`/v1`, `/api/v1`, `/api`) and the operation the
 * request reaches, so that every later answer (a 429 included) names its operation. A path under no prefix
 * is not the API: 404 at once, outside the rate limit.
 */
import { failure } from '../../errors/failures.ts';
import type { OpenApiRouter } from '../../openapi/openapi-router.ts';
import { stripApiPrefix } from '../../openapi/spec-document.ts';
import type { Stage } from '../stage.ts';

export function apiPrefix(router: OpenApiRouter): Stage {
  return {
    name: 'api-prefix',
    run(request, next) {
      const apiPath = stripApiPrefix(request.context.path);
      if (apiPath === undefined) return failure('not_found');
      request.apiPath = apiPath;
      // RFC 9110 §9.3.2: HEAD is answered as GET, without the body (Node's http drops it).
      request.routeMethod = request.context.method === 'HEAD' ? 'GET' : request.context.method;
      request.operation = isDecodable(apiPath) ? router.match(request.routeMethod, apiPath) : undefined;
      request.context.operationId = request.operation?.operationId;
      return next();
    },
  };
}

/** openapi-backend decodes path parameters and throws on a malformed escape such as `%E0%A4%A`. */
export function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
