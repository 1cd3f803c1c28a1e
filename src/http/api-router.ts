/**
 * openapi-backend wiring: the OpenAPI document is the router. Each operationId maps to a handler; routing,
 * bearer security and request validation happen here, in that order, and each outcome is a `Reply`.
 * The backend is built once per process (parsing and compiling the document is the slow part) and is
 * stateless: the app's dependencies arrive with each request.
 */
import ajvFormats from 'ajv-formats';
import { OpenAPIBackend, type Context, type Request as ApiRequest } from 'openapi-backend';
import { handlers } from '../handlers/index.ts';
import type { AppDeps } from '../deps.ts';
import { authenticateBearer, type AuthOutcome } from './authenticate.ts';
import type { RequestContext } from './context.ts';
import { failure } from './errors.ts';
import { OPERATION_IDS } from './operations.ts';
import type { Reply } from './reply.ts';
import { MULTIPLE_OF_PRECISION, SPEC_PATH } from './spec-document.ts';
import { validationFailure } from './validation-failure.ts';

export type RouteRequest = ApiRequest;

export interface ApiRouter {
  /** Route one request (path already stripped of its /v1, /api/v1 or /api prefix). */
  handle(request: ApiRequest, context: RequestContext, deps: AppDeps): Promise<Reply>;
  /** The operationId a request would reach, if any (no validation, no side effects). */
  operationIdOf(request: Pick<ApiRequest, 'method' | 'path'>): string | undefined;
  /** Methods served on a path, upper case, for `Allow`. */
  allowedMethods(path: string): string[];
  /**
   * Methods of a literal path of the document (`/products/sync`), or undefined. A wrong method on such a path
   * is a 405, even when a template (`/products/{product_id}`) would also match it.
   */
  literalPathMethods(path: string): string[] | undefined;
  backend: OpenAPIBackend;
}

type Args = [RequestContext, AppDeps];

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Checking the document against the OpenAPI 3.0 schema costs ~5 s of a ~5.5 s start; the test suite does it
 * once (test/http/operations.test.ts) next to the Redocly and Spectral lint, so the server skips it.
 */
class CheckedDocumentBackend extends OpenAPIBackend {
  override validateDefinition() {
    return this.document;
  }
}

function buildBackend(): OpenAPIBackend {
  const backend = new CheckedDocumentBackend({
    definition: SPEC_PATH,
    strict: true,
    coerceTypes: true,
    ajvOpts: { multipleOfPrecision: MULTIPLE_OF_PRECISION, allErrors: true },
    customizeAjv: (ajv) => {
      // ajv-formats is CommonJS; under NodeNext its plugin is the `default` property of the module.
      ajvFormats.default(ajv);
      return ajv;
    },
  });
  const operationHandlers = Object.fromEntries(
    OPERATION_IDS.map((operationId) => [
      operationId,
      (c: Context, context: RequestContext, deps: AppDeps): Reply =>
        handlers[operationId](
          {
            context,
            principal: context.principal,
            params: c.request.params as Record<string, string>,
            query: c.request.query as Record<string, unknown>,
            body: c.request.requestBody,
            headers: c.request.headers,
          },
          deps,
        ),
    ]),
  );
  backend.register({
    ...operationHandlers,
    notFound: () => failure('not_found'),
    methodNotAllowed: () => failure('method_not_allowed'),
    postRoutingHandler: (c: Context, context: RequestContext) => {
      context.operationId = c.operation?.operationId;
    },
    unauthorizedHandler: (c: Context) => {
      const outcome = c.security?.['bearerAuth'] as AuthOutcome | undefined;
      return outcome && !outcome.ok ? outcome.failure : failure('invalid_token');
    },
    validationFail: (c: Context) => validationFailure(c.operation?.operationId, c.validation.errors ?? []),
  });
  backend.registerSecurityHandler('bearerAuth', (c: Context, ...[context, deps]: Args) => {
    const outcome = authenticateBearer(c.request.headers['authorization'], deps);
    if (outcome.ok) context.principal = outcome.principal;
    // openapi-backend reads an object with a truthy `error` as a failed requirement.
    return outcome.ok ? outcome : { ...outcome, error: outcome.failure.reason };
  });
  // The Basic scheme only documents an alternative way to send client credentials to issueToken; main
  // pipeline copies them into the body, where the operation's own checks run.
  backend.registerSecurityHandler('clientBasic', () => true);
  return backend;
}

let shared: Promise<OpenAPIBackend> | undefined;

async function initBackend(): Promise<OpenAPIBackend> {
  const backend = buildBackend();
  await backend.init();
  return backend;
}

export async function createApiRouter(): Promise<ApiRouter> {
  shared ??= initBackend();
  const backend = await shared;
  return {
    backend,
    handle: async (request, context, deps) => (await backend.handleRequest(request, context, deps)) as Reply,
    operationIdOf(request) {
      return backend.router.matchOperation({ ...request, headers: {} })?.operationId;
    },
    literalPathMethods(path) {
      const methods = backend.router
        .getOperations()
        .filter((operation) => operation.path === path)
        .map((operation) => operation.method.toUpperCase());
      return methods.length > 0 ? methods : undefined;
    },
    allowedMethods(path) {
      return HTTP_METHODS.filter((method) => backend.router.matchOperation({ method, path, headers: {} }))
        .map((method) => method.toUpperCase());
    },
  };
}
