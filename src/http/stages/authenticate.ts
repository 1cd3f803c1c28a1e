/**
 * Applies the operation's security requirements as the document states them, scheme by scheme: an HTTP bearer
 * scheme asks the token verifier (401/403 when it refuses); an HTTP basic scheme carries client credentials,
 * which are copied into the body where the operation's own validation and checks see them (RFC 6749 §2.3.1).
 * An empty requirement (`{}`) or one met by basic credentials alone lets the request pass without a bearer.
 */
import type { Authentication } from '../../core/context.ts';
import { withBasicClientCredentials } from '../basic-credentials.ts';
import type { OpenApiRouter } from '../openapi-router.ts';
import type { Stage } from '../stage.ts';

export type BearerVerifier = (authorization: string | string[] | undefined) => Authentication;

export function authenticate(router: OpenApiRouter, verifyBearer: BearerVerifier): Stage {
  const isScheme = (name: string, scheme: string) => {
    const found = router.securityScheme(name);
    return found?.type === 'http' && found.scheme?.toLowerCase() === scheme;
  };
  return {
    name: 'authenticate',
    run(request, next) {
      const requirements = (request.operation?.security ?? []) as Array<Record<string, unknown>>;
      const authorization = request.incoming.headers['authorization'];
      if (requirements.some((requirement) => Object.keys(requirement).some((name) => isScheme(name, 'basic')))) {
        request.body = withBasicClientCredentials(request.body, typeof authorization === 'string' ? authorization : undefined);
      }
      const needsBearer =
        requirements.length > 0 && !requirements.some((requirement) => Object.keys(requirement).every((name) => isScheme(name, 'basic')));
      if (!needsBearer) return next();
      const outcome = verifyBearer(authorization);
      if (!outcome.ok) return outcome;
      request.context.principal = outcome.principal;
      return next();
    },
  };
}
