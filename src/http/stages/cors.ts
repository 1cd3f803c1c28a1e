/**
 * CORS (Fetch standard): a browser page on an allowed origin may call the API. A preflight (`OPTIONS` with
 * `Access-Control-Request-Method`) is answered here, 204, outside the rate limit, with the path's methods; every
 * other answer to an allowed origin says so and exposes the headers a client reads. Other origins get no CORS
 * headers (the browser then keeps the answer from the page), and an `OPTIONS` that is not a preflight goes on
 * to the route stage (405).
 */
import type { Reply } from '../../domain/reply.ts';
import type { OpenApiRouter } from '../../openapi/openapi-router.ts';
import { whenAnswered, type Stage } from '../stage.ts';

const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Request-Id';
const EXPOSED_HEADERS = 'X-Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, WWW-Authenticate, Allow';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

export function cors(router: OpenApiRouter, origins: readonly string[]): Stage {
  const anyOrigin = origins.includes('*');
  const allowedOrigin = (origin: string | string[] | undefined): string | undefined => {
    if (typeof origin !== 'string') return undefined;
    return anyOrigin ? '*' : origins.includes(origin) ? origin : undefined;
  };
  return {
    name: 'cors',
    run(request, next) {
      const origin = allowedOrigin(request.incoming.headers['origin']);
      if (!origin) return next(request);
      const vary: Record<string, string> = anyOrigin ? {} : { Vary: 'Origin' };
      if (request.context.method === 'OPTIONS' && request.incoming.headers['access-control-request-method']) {
        const methods = router.allowedMethods(request.apiPath ?? '');
        if (methods.length > 0) {
          return {
            ok: true,
            status: 204,
            body: undefined,
            headers: {
              'Access-Control-Allow-Origin': origin,
              'Access-Control-Allow-Methods': methods.join(', '),
              'Access-Control-Allow-Headers': ALLOWED_HEADERS,
              'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
              ...vary,
            },
          };
        }
      }
      return whenAnswered(next(request), (reply) => withHeaders(reply, { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS, ...vary }));
    },
  };
}

function withHeaders(reply: Reply, headers: Record<string, string>): Reply {
  return { ...reply, headers: { ...reply.headers, ...headers } };
}
