/**
 * openapi-backend as router and validator: the OpenAPI document decides which operation a request reaches,
 * its security requirements and whether its parameters and body are valid. No handler is registered with
 * it; the stages call it and do the rest. Response validators are never compiled at run time (the tests
 * validate responses with their own). Request validators come precompiled from the build
 * (scripts/precompile-validators.mjs), loaded per operation on first use; run from the sources, they compile
 * on first use instead (`quick`).
 */
import ajvFormats from 'ajv-formats';
import type { Ajv, ErrorObject, Options as AjvOptions, ValidateFunction } from 'ajv';
import { OpenAPIBackend, type Document, type Operation, type Request as RoutedRequest } from 'openapi-backend';
import { addDecimalsKeyword } from './decimals-keyword.ts';
import { loadPrecompiledValidators } from './precompiled-validators.ts';
import { MULTIPLE_OF_PRECISION, dereferencedDefinition } from './spec-document.ts';

export type { Operation };

export interface RouterRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[]>;
  body?: unknown;
}

/** A request that passed validation, with path and query parameters coerced to their declared types. */
export interface ParsedRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export type Validation = { ok: true; parsed: ParsedRequest } | { ok: false; errors: ErrorObject[] };

export interface OpenApiRouter {
  /** The operation a method and path (without the API prefix) reach, if any. */
  match(method: string, path: string): Operation | undefined;
  /** Methods served on a path, upper case. */
  allowedMethods(path: string): string[];
  /**
   * Methods of a literal path of the document (`/products/sync`), or undefined. A wrong method on such a path
   * is a 405, even when a template (`/products/{product_id}`) would also match it.
   */
  literalPathMethods(path: string): string[] | undefined;
  validate(request: RouterRequest, operation: Operation): Validation;
  /** Type and scheme of each security scheme of the document, by name (`bearerAuth` → http/bearer). */
  securityScheme(name: string): { type: string; scheme?: string } | undefined;
  /** The underlying backend (tests validate responses with it). */
  backend: OpenAPIBackend;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * The backend as the server and the build's precompiler both make it. `verbose` errors carry the schema of the
 * failed keyword (validation-details.ts reads `x-message-when-absent` there).
 */
export function createBackend(
  extraAjvOptions: AjvOptions = {},
  onAjv?: (ajv: Ajv) => void,
  document?: Readonly<Record<string, unknown>>,
): OpenAPIBackend {
  return new OpenAPIBackend({
    definition: dereferencedDefinition(document) as unknown as Document,
    // The document is checked against the OpenAPI 3.0 schema by the test suite and linted, not at every start.
    quick: true,
    strict: true,
    coerceTypes: true,
    ajvOpts: { multipleOfPrecision: MULTIPLE_OF_PRECISION, allErrors: true, verbose: true, ...extraAjvOptions },
    customizeAjv: (ajv) => {
      // ajv-formats is CommonJS; under NodeNext its plugin is the `default` property of the module.
      ajvFormats.default(ajv);
      addDecimalsKeyword(ajv);
      onAjv?.(ajv);
      return ajv;
    },
  });
}

/**
 * `validatorsDir`: where precompiled validators are looked for (default: beside the compiled code); `document`:
 * another document than the service's (the admin API's, whose validators compile on first use).
 */
export async function createOpenApiRouter(options: { validatorsDir?: string; document?: Readonly<Record<string, unknown>> } = {}): Promise<OpenApiRouter> {
  const backend = createBackend({}, undefined, options.document);
  await backend.init();
  const precompiled = options.document ? undefined : loadPrecompiledValidators(options.validatorsDir);
  if (precompiled) usePrecompiled(backend, precompiled);
  const router = backend.router;
  // The document never changes once loaded, but openapi-backend rebuilds this list (lodash, every operation
  // copied) on each call, several times per request: routing cost half of a GET's CPU before this.
  const operations = router.getOperations();
  router.getOperations = () => operations;
  const methodsByLiteralPath = new Map<string, string[]>();
  for (const operation of operations) {
    methodsByLiteralPath.set(operation.path, [...(methodsByLiteralPath.get(operation.path) ?? []), operation.method.toUpperCase()]);
  }
  const match = operationMatcher(operations);
  const schemes = (backend.definition.components?.securitySchemes ?? {}) as Record<string, { type: string; scheme?: string }>;
  return {
    backend,
    match,
    allowedMethods: (path) => HTTP_METHODS.filter((method) => match(method, path)).map((method) => method.toUpperCase()),
    literalPathMethods: (path) => methodsByLiteralPath.get(path),
    validate(request, operation) {
      const result = backend.validator.validateRequest(request as RoutedRequest, operation);
      if (result.errors) return { ok: false, errors: result.errors };
      // Validation parsed the path and query parameters already, and coerced them to their declared types.
      const coerced = (result.coerced ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown> };
      return { ok: true, parsed: { params: coerced.params ?? {}, query: coerced.query ?? {}, body: request.body } };
    },
    securityScheme: (name) => (Object.hasOwn(schemes, name) ? schemes[name] : undefined),
  };
}

/**
 * openapi-backend's own routing, with each path template's pattern compiled once: it rebuilt one RegExp per
 * template on every match. Same order: an operation at the exact path, else the templates with the most literal
 * characters first (in document order among equals); trailing slashes ignored.
 */
function operationMatcher(operations: readonly Operation[]): (method: string, path: string) => Operation | undefined {
  const templates = operations
    .map((operation) => ({ operation, pattern: templatePattern(operation.path), literal: operation.path.replace(/\{[^}]*\}/g, '').length }))
    .sort((a, b) => b.literal - a.literal);
  return (method, rawPath) => {
    const wanted = method.toLowerCase();
    let path = rawPath.trim().split('?')[0] ?? '';
    if (!path.startsWith('/')) path = `/${path}`;
    while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const exact = operations.find((operation) => operation.path === path && operation.method === wanted);
    return exact ?? templates.find((template) => template.operation.method === wanted && template.pattern.test(path))?.operation;
  };
}

function templatePattern(path: string): RegExp {
  const literal = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${literal.join('[^/]+')}$`);
}

/** openapi-backend compiles an operation's validators when its slot is undefined; a getter fills it instead. */
function usePrecompiled(backend: OpenAPIBackend, precompiled: ReadonlyMap<string, () => ValidateFunction[]>): void {
  const slots = backend.validator.requestValidators;
  for (const [operationId, load] of precompiled) {
    let loaded: ValidateFunction[] | undefined;
    Object.defineProperty(slots, operationId, { enumerable: true, get: () => (loaded ??= load()) });
  }
}
