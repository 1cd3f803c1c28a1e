/**
 * The admin API's request path: the same machinery as the service's (a document as router and validator, the
 * stages, the one reply writer), with its own document (spec/admin.yaml) and handlers. Guarded first: a Host
 * that is not the mock's own is refused unless the call carries the admin token (a DNS-rebinding page cannot
 * know it); a state change from a page of another origin is refused; on a non-loopback host every call needs
 * the admin token, except an operation the document declares open (`security: []`, the health check a container
 * probes). Bodies are JSON only (415 otherwise), so no HTML form can reach it.
 */
import type { Config } from '../platform/config.ts';
import { failure } from '../errors/failures.ts';
import { isLoopback } from '../domain/loopback-host.ts';
import type { OpenApiRouter, Operation } from '../openapi/openapi-router.ts';
import type { RequestState, Stage } from '../http/stage.ts';
import { locator, type Locate } from '../http/routing.ts';
import { readRequestBody } from '../http/stages/body.ts';
import { acceptContentType } from '../http/stages/content-type.ts';
import { sameOrigin } from '../http/stages/same-origin.ts';
import { explicitOrigins } from '../http/request-site.ts';
import { handle } from '../http/stages/handle.ts';
import { route } from '../http/stages/route.ts';
import { validate } from '../http/stages/validate.ts';
import { sameSecret } from '../tokens/rules.ts';
import { ADMIN_PREFIX, adminRouteOf } from '../domain/admin-path.ts';

export { ADMIN_PREFIX };

/** Admin bodies are a few fields; an operation that takes more (a state import) says so with `x-max-body-bytes`. */
export const ADMIN_BODY_LIMIT_BYTES = 64 * 1024;

/** `around` wraps the handler (e.g. saving the state a call changed before its answer). */
export function adminStages(router: OpenApiRouter, config: Config, handlers: object, around: readonly Stage[] = []): Stage[] {
  return [
    ownHostOnly(config),
    sameOrigin(explicitOrigins(config.corsOrigins)),
    adminGuard(config),
    route(router),
    acceptContentType,
    readRequestBody,
    validate(router),
    ...around,
    handle(handlers),
  ];
}

/** DNS rebinding: a page under another name reaches only what the document declares open (the health check). */
function ownHostOnly(config: Config): Stage {
  return {
    name: 'own-host',
    run(request, next) {
      if (request.incoming.site.ownHost || isOpen(request.operation) || carriesAdminToken(request, config)) return next(request);
      const host = String(request.incoming.headers['host'] ?? '').slice(0, 200);
      return failure('foreign_admin_host', { host });
    },
  };
}

function adminGuard(config: Config): Stage {
  return {
    name: 'admin-guard',
    run(request, next) {
      if (isLoopback(config.host) || isOpen(request.operation) || carriesAdminToken(request, config)) return next(request);
      return failure('admin_token_required');
    },
  };
}

/** An operation whose own `security` is empty needs no credentials (OpenAPI 3.0 §4.7.10). */
function isOpen(operation: Operation | undefined): boolean {
  return Array.isArray(operation?.security) && operation.security.length === 0;
}

function carriesAdminToken(request: RequestState, config: Config): boolean {
  const expected = config.adminToken;
  // The scheme name is case-insensitive (RFC 9110 §11.1), as the API's bearer check treats it.
  const header = request.incoming.headers['authorization'];
  const presented = typeof header === 'string' ? /^Bearer +(\S+) *$/i.exec(header)?.[1] : undefined;
  return expected !== undefined && presented !== undefined && sameSecret(presented, expected);
}

/** The admin API's requests, located under its mount (every path the shared rule calls the admin API's, no dot segment). */
export function adminLocate(router: OpenApiRouter): Locate {
  return locator(router, adminRouteOf);
}

