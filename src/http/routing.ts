/**
 * Where a request goes, located once when its state is built (like its path): the path under the list's mount
 * (`/v1`, `/api/v1`, `/api` for the API, `/__admin` for the admin API), the method the document is asked about
 * and the operation it reaches. The route stage (stages/route.ts) is the one stage that answers for it: a malformed
 * path, a wrong method, an unknown path. A path under no mount is not this list's: 404 at once, outside every stage.
 */
import { failure } from '../errors/failures.ts';
import type { Reply } from '../domain/reply.ts';
import type { OpenApiRouter, Operation } from '../openapi/openapi-router.ts';
import { stripApiPrefix } from '../openapi/spec-document.ts';
import type { Answer, Next, RequestState } from './stage.ts';

export interface Location {
  /** The path under the mount (`/orders`). */
  apiPath: string;
  /** The method the document is asked about: HEAD is answered as GET (RFC 9110 §9.3.2). */
  routeMethod: string;
  /** The operation the request reaches; undefined: the route stage answers why not. */
  operation: Operation | undefined;
}

/** Locates a request of a list mounted where `mount` says (the path under it, or undefined when outside). */
export type Locate = (method: string, path: string) => Location | undefined;

export function locator(router: OpenApiRouter, mount: (path: string) => string | undefined): Locate {
  return (method, path) => {
    const apiPath = mount(path);
    if (apiPath === undefined) return undefined;
    const routeMethod = method === 'HEAD' ? 'GET' : method;
    return { apiPath, routeMethod, operation: isDecodable(apiPath) ? router.match(routeMethod, apiPath) : undefined };
  };
}

/**
 * Locates the request and runs the list (`stageChain`, ending in a 404 for a request every stage passed on; any
 * server adapter, Express or not), or 404 when it is outside the mount.
 */
export function runLocated(chain: Next, request: RequestState, locate: Locate): Answer {
  const located = locate(request.context.method, request.context.path);
  if (!located) return failure('not_found');
  request.apiPath = located.apiPath;
  request.routeMethod = located.routeMethod;
  request.operation = located.operation;
  request.context.operationId = located.operation?.operationId;
  return chain(request);
}

/** The API's mount: the document's prefixes. */
export const apiMount = stripApiPrefix;

/** openapi-backend decodes path parameters and throws on a malformed escape such as `%E0%A4%A`. */
export function isDecodable(path: string): boolean {
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
