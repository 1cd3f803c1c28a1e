/**
 * Applies the operation's security requirements as the document states them, scheme by scheme: an HTTP bearer
 * scheme judges the token the caller presented (resolved once, `request.caller`; 401/403 when refused); an HTTP
 * basic scheme carries client credentials, which are copied into the body where the operation's own validation
 * and checks see them (RFC 6749 §2.3.1). An empty requirement (`{}`) or one met by basic credentials alone lets
 * the request pass without a bearer.
 */
import type { Authentication, PresentedToken } from '../../domain/caller.ts';
import { withBasicClientCredentials } from '../basic-credentials.ts';
import type { OpenApiRouter } from '../../openapi/openapi-router.ts';
import { securityNeeds } from '../security-needs.ts';
import type { Stage } from '../stage.ts';

import type { World } from '../../deps/world.ts';

export type BearerVerifier = (presented: PresentedToken | undefined, world: World | undefined) => Authentication;

export function authenticate(router: OpenApiRouter, verifyBearer: BearerVerifier): Stage {
  return {
    name: 'authenticate',
    run(request, next) {
      const needs = securityNeeds(router, request.operation);
      if (needs.takesBasic) {
        const authorization = request.incoming.headers['authorization'];
        request.body = withBasicClientCredentials(request.body, typeof authorization === 'string' ? authorization : undefined);
      }
      if (!needs.needsBearer) return next(request);
      const outcome = verifyBearer(request.caller?.token, request.world);
      if (!outcome.ok) return outcome;
      request.context.principal = outcome.principal;
      return next(request);
    },
  };
}
