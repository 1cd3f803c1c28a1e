/**
 * The router: the operations of a document (its references resolved) and how a request finds one, made in a few
 * milliseconds, with no openapi-backend `init()` on the start path. Every lister and finder of operations uses it:
 * the request path, the tools, the build's precompiler (scripts/precompile-validators.mjs), the tests.
 * Each operation has the shape openapi-backend's validator reads (the operation object, its path and method, the
 * path item's parameters after its own, the document's security when it names none), so it is handed ours.
 */
import type { Operation } from 'openapi-backend';

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const SERVED_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

type Node = Record<string, unknown>;

/** Every operation of a document whose references are resolved, in document order. */
export function operationsOf(definition: Readonly<Node>): Operation[] {
  const paths = (definition['paths'] ?? {}) as Record<string, Node>;
  const globalSecurity = (definition['security'] ?? []) as unknown[];
  // Methods in this fixed order, not the document's, as openapi-backend picks them (a 405's Allow lists them so).
  return Object.entries(paths).flatMap(([path, item]) =>
    OPERATION_METHODS.filter((method) => Object.hasOwn(item, method))
      .map((method) => {
        const operation = item[method] as Node;
        return {
          ...operation,
          path,
          method,
          parameters: [...((operation['parameters'] ?? []) as unknown[]), ...((item['parameters'] ?? []) as unknown[])],
          security: operation['security'] ?? globalSecurity,
        } as unknown as Operation;
      }),
  );
}

export interface OperationTable {
  /** Every operation of the document, in document order. */
  operations: readonly Operation[];
  /** The operation of an operationId, if the document has it. */
  operation(operationId: string): Operation | undefined;
  /** The operation a method and path (without the API prefix) reach, if any. */
  match(method: string, path: string): Operation | undefined;
  /** Methods served on a path, upper case. */
  allowedMethods(path: string): string[];
  /**
   * Methods of a literal path of the document (`/products/sync`), or undefined. A wrong method on such a path
   * is a 405, even when a template (`/products/{product_id}`) would also match it.
   */
  literalPathMethods(path: string): string[] | undefined;
}

export function operationTable(operations: readonly Operation[]): OperationTable {
  const methodsByLiteralPath = new Map<string, string[]>();
  for (const operation of operations) {
    methodsByLiteralPath.set(operation.path, [...(methodsByLiteralPath.get(operation.path) ?? []), operation.method.toUpperCase()]);
  }
  const byId = new Map(operations.flatMap((operation) => (operation.operationId ? [[operation.operationId, operation] as const] : [])));
  const match = operationMatcher(operations);
  return {
    operations,
    operation: (operationId) => byId.get(operationId),
    match,
    allowedMethods: (path) => SERVED_METHODS.filter((method) => match(method, path)).map((method) => method.toUpperCase()),
    literalPathMethods: (path) => methodsByLiteralPath.get(path),
  };
}

/** A request path as openapi-backend reads it: a leading slash, no query string, no trailing slashes. */
export function normalizedPath(rawPath: string): string {
  // Most paths are already so: returned as they are, with nothing made.
  if (rawPath.startsWith('/') && !rawPath.includes('?') && (rawPath.length === 1 || !rawPath.endsWith('/')) && !/^\s|\s$/.test(rawPath)) return rawPath;
  let path = rawPath.trim().split('?')[0] ?? '';
  if (!path.startsWith('/')) path = `/${path}`;
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/**
 * The order openapi-backend's routing had (each template's pattern compiled once, where it rebuilt one RegExp per
 * template on every match): an operation at the exact path, else the templates with the most literal characters
 * first (in document order among equals); trailing slashes ignored.
 */
function operationMatcher(operations: readonly Operation[]): (method: string, path: string) => Operation | undefined {
  const templates = operations
    .map((operation) => ({ operation, pattern: templatePattern(operation.path), literal: operation.path.replace(/\{[^}]*\}/g, '').length }))
    .sort((a, b) => b.literal - a.literal);
  // Looked up by method, then an exact path in that method's map: a request compares no operation and joins no
  // key. Each method is found under its lower and its upper case (node gives `GET`), so none is converted per request.
  const byMethod = new Map<string, { exact: Map<string, Operation>; templates: typeof templates }>();
  const tableOf = (method: string) => {
    let table = byMethod.get(method);
    if (table === undefined) {
      table = { exact: new Map(), templates: [] };
      byMethod.set(method, table);
      byMethod.set(method.toUpperCase(), table);
    }
    return table;
  };
  for (const operation of operations) {
    const { exact } = tableOf(operation.method);
    if (!exact.has(operation.path)) exact.set(operation.path, operation);
  }
  for (const template of templates) tableOf(template.operation.method).templates.push(template);
  return (method, rawPath) => {
    const table = byMethod.get(method) ?? byMethod.get(method.toLowerCase());
    if (table === undefined) return undefined;
    const path = normalizedPath(rawPath);
    const found = table.exact.get(path);
    if (found !== undefined) return found;
    for (const template of table.templates) if (template.pattern.test(path)) return template.operation;
    return undefined;
  };
}

function templatePattern(path: string): RegExp {
  const literal = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${literal.join('[^/]+')}$`);
}
