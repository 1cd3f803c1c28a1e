/**
 * Applies the operation's security requirements as the document states them, scheme by scheme: an HTTP bearer
 * scheme asks the token verifier (401/403 when it refuses); an HTTP basic scheme carries client credentials,
 * which are copied into the body where the operation's own validation and checks see them (RFC 6749 §2.3.1).
 * An empty requirement (`{}`) or one met by basic credentials alone lets the request pass without a bearer.
 */
import type { Authentication } from '../../handling/request-context-types.ts';
import { withBasicClientCredentials } from '../basic-credentials.ts';
import type { OpenApiRouter, Operation } from '../../openapi/openapi-router.ts';
import type { Stage } from '../stage.ts';

export type BearerVerifier = (authorization: string | string[] | undefined) => Authentication;

/** What an operation's security requirements ask, read from the document's schemes. */
export interface SecurityNeeds {
  /** A requirement names an HTTP basic scheme: client credentials may come in the header. */
  takesBasic: boolean;
  /** Some requirement must be met and none is met by basic credentials alone. */
  needsBearer: boolean;
}

export function securityNeeds(router: OpenApiRouter, operation: Operation | undefined): SecurityNeeds {
  const isBasic = (name: string) => {
    const found = router.securityScheme(name);
    return found?.type === 'http' && found.scheme?.toLowerCase() === 'basic';
  };
  const requirements = (operation?.security ?? []) as Array<Record<string, unknown>>;
  return {
    takesBasic: requirements.some((requirement) => Object.keys(requirement).some(isBasic)),
    needsBearer: requirements.length > 0 && !requirements.some((requirement) => Object.keys(requirement).every(isBasic)),
  };
}

export function authenticate(router: OpenApiRouter, verifyBearer: BearerVerifier): Stage {
  return {
    name: 'authenticate',
    run(request, next) {
      const needs = securityNeeds(router, request.operation);
      const authorization = request.incoming.headers['authorization'];
      if (needs.takesBasic) {
        request.body = withBasicClientCredentials(request.body, typeof authorization === 'string' ? authorization : undefined);
      }
      if (!needs.needsBearer) return next();
      const outcome = verifyBearer(authorization);
      if (!outcome.ok) return outcome;
      request.context.principal = outcome.principal;
      return next();
    },
  };
}
