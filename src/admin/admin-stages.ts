/**
 * The admin API's request path: the same machinery as the service's (a document as router and validator, the
 * stages, the one reply writer), with its own document (spec/admin.yaml) and handlers. Guarded before routing: on
 * a non-loopback host every call needs the admin token, except an operation the document declares open
 * (`security: []`, the health check a container probes).
 */
import type { Config } from '../config.ts';
import { failure } from '../core/failures.ts';
import { isLoopback } from '../http/loopback.ts';
import type { OpenApiRouter, Operation } from '../http/openapi-router.ts';
import type { Stage } from '../http/stage.ts';
import { isDecodable } from '../http/stages/api-prefix.ts';
import { readRequestBody } from '../http/stages/body.ts';
import { handle } from '../http/stages/handle.ts';
import { route } from '../http/stages/route.ts';
import { validate } from '../http/stages/validate.ts';
import { sameSecret } from '../tokens/rules.ts';

export const ADMIN_PREFIX = '/__admin';

/** Admin bodies are a few fields; an operation that takes more (a state import) says so with `x-max-body-bytes`. */
export const ADMIN_BODY_LIMIT_BYTES = 64 * 1024;

export function adminStages(router: OpenApiRouter, config: Config, handlers: object): Stage[] {
  return [adminPrefix(router), adminGuard(config), route(router), readRequestBody, validate(router), handle(handlers)];
}

function adminGuard(config: Config): Stage {
  return {
    name: 'admin-guard',
    run(request, next) {
      if (isLoopback(config.host) || isOpen(request.operation)) return next();
      const expected = config.adminToken;
      // The scheme name is case-insensitive (RFC 9110 §11.1), as the API's bearer check treats it.
      const header = request.incoming.headers['authorization'];
      const presented = typeof header === 'string' ? /^Bearer +(\S+) *$/i.exec(header)?.[1] : undefined;
      const allowed = expected !== undefined && presented !== undefined && sameSecret(presented, expected);
      return allowed ? next() : failure('invalid_token', { message: 'Token de administração ausente ou inválido' });
    },
  };
}

/** An operation whose own `security` is empty needs no credentials (OpenAPI 3.0 §4.7.10). */
function isOpen(operation: Operation | undefined): boolean {
  return Array.isArray(operation?.security) && operation.security.length === 0;
}

/** Locates the operation (answering nothing), so the guard can tell an open operation from the others. */
function adminPrefix(router: OpenApiRouter): Stage {
  return {
    name: 'admin-prefix',
    run(request, next) {
      const path = request.context.path.slice(ADMIN_PREFIX.length) || '/';
      request.apiPath = path;
      request.routeMethod = request.context.method === 'HEAD' ? 'GET' : request.context.method;
      request.operation = isDecodable(path) ? router.match(request.routeMethod, path) : undefined;
      request.context.operationId = request.operation?.operationId;
      return next();
    },
  };
}
