/**
 * The OpenAPI document as router and validator: it decides which operation a request reaches, its security
 * requirements and whether its parameters and body are valid. The stages call it and do the rest.
 *
 * A built server starts with nothing to compile: the operations come from the parsed document, its references
 * resolved in a few milliseconds (references.ts, operation-table.ts), and each operation's request validators are
 * the ones the build precompiled with openapi-backend (dist/validators/), called directly (request-validation.ts).
 * Run from the sources there is no build, and openapi-backend compiles each validator on first use. openapi-backend
 * itself is made on first use of `backend` only, as the validator: the tests, the contract checks and the proxy
 * validate responses with it. It never routes: every operation is listed and found by the table.
 */
import type { ValidateFunction } from 'ajv';
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import { initializedBackend, validatorOperations } from './openapi-backend.ts';
import { operationTable, operationsOf, type OperationTable } from './operation-table.ts';
import { loadPrecompiledValidators } from './precompiled-validators.ts';
import { validateRequest, type RouterRequest, type Validation } from './request-validation.ts';
import { resolvedCopy } from './references.ts';
import { loadAdminDocument, loadSpecDocument, packageDefinition, validatorDefinition, type PackageDocument } from './spec-document.ts';

export type { Operation };
export type { ParsedRequest, RouterRequest, Validation } from './request-validation.ts';
export { createBackend } from './openapi-backend.ts';

/** The operation table (operations, lookup by id, matching, 405s) with validation. */
export interface OpenApiRouter extends OperationTable {
  validate(request: RouterRequest, operation: Operation): Validation;
  /** Type and scheme of each security scheme of the document, by name (`bearerAuth` → http/bearer). */
  securityScheme(name: string): { type: string; scheme?: string } | undefined;
  /** openapi-backend over the same document, the validator, made on first use (tests and contract checks validate responses with it). */
  readonly backend: OpenAPIBackend;
}

export interface RouterOptions {
  /**
   * The document: one of the package's (default `service`, spec/openapi.yaml), whose build outputs are used when
   * present, or any other document object (dereferenced here, its validators compiled on first use). The parsed
   * admin document (`loadAdminDocument()`) counts as `admin`.
   */
  document?: PackageDocument | Readonly<Record<string, unknown>>;
  /** Where precompiled validators are looked for (default: the build's folder for a package document). */
  validatorsDir?: string;
}

export async function createOpenApiRouter(options: RouterOptions = {}): Promise<OpenApiRouter> {
  return routerOf(options);
}

/**
 * A router made at its first use: the admin document's, which the API's first answer does not need (reading it and
 * resolving its references was about 20 ms of every start).
 */
export function lazyOpenApiRouter(options: RouterOptions = {}): OpenApiRouter {
  let built: OpenApiRouter | undefined;
  const router = () => (built ??= routerOf(options));
  return {
    get operations() {
      return router().operations;
    },
    operation: (operationId) => router().operation(operationId),
    match: (method, path) => router().match(method, path),
    allowedMethods: (path) => router().allowedMethods(path),
    literalPathMethods: (path) => router().literalPathMethods(path),
    validate: (request, operation) => router().validate(request, operation),
    securityScheme: (name) => router().securityScheme(name),
    get backend() {
      return router().backend;
    },
  };
}

function routerOf(options: RouterOptions): OpenApiRouter {
  const which = packageDocumentOf(options.document);
  const document = which === 'admin' ? loadAdminDocument() : which === 'service' ? loadSpecDocument() : (options.document as Readonly<Record<string, unknown>>);
  const definition = resolvedCopy(document);
  const table = operationTable(operationsOf(definition));
  const definitionOf = () => (which ? packageDefinition(which) : validatorDefinition(document));
  let backend: OpenAPIBackend | undefined;
  let compiledFrom: OperationTable | undefined;
  const backendOf = () => (backend ??= initializedBackend(definitionOf()));
  const compiled = (operationId: string): ValidateFunction[] => {
    const operation = (compiledFrom ??= validatorOperations(backendOf())).operation(operationId);
    return operation ? (backendOf().validator.buildRequestValidatorsForOperation(operation) ?? []) : [];
  };
  const precompiled = which ? loadPrecompiledValidators(options.validatorsDir ?? undefined, which) : undefined;
  const validators = new Map<string, readonly ValidateFunction[]>();
  const validatorsOf = (operationId: string): readonly ValidateFunction[] => {
    let found = validators.get(operationId);
    if (!found) {
      const load = precompiled?.get(operationId);
      found = load ? load() : compiled(operationId);
      validators.set(operationId, found);
    }
    return found;
  };
  const schemes = ((definition['components'] as { securitySchemes?: object } | undefined)?.securitySchemes ?? {}) as Record<string, { type: string; scheme?: string }>;
  return {
    ...table,
    validate: (request, operation) => validateRequest(request, operation, validatorsOf(operation.operationId ?? '')),
    securityScheme: (name) => (Object.hasOwn(schemes, name) ? schemes[name] : undefined),
    get backend() {
      return backendOf();
    },
  };
}

function packageDocumentOf(document: RouterOptions['document']): PackageDocument | undefined {
  if (document === undefined || document === 'service' || document === 'admin') return document ?? 'service';
  return document === loadAdminDocument() ? 'admin' : undefined;
}
