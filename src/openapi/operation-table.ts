/**
 * The operations of a document (its references resolved) and how a request finds one: made in a few milliseconds,
 * with no openapi-backend `init()` on the start path.
 * Each operation is what openapi-backend's `router.getOperations()` makes (the operation object, its path and
 * method, the path item's parameters after its own, the document's security when it names none), so both
 * agree on every field (test/http/routing.test.ts compares the matching).
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
  operations: readonly Operation[];
  match(method: string, path: string): Operation | undefined;
  allowedMethods(path: string): string[];
  literalPathMethods(path: string): string[] | undefined;
}

export function operationTable(operations: readonly Operation[]): OperationTable {
  const methodsByLiteralPath = new Map<string, string[]>();
  for (const operation of operations) {
    methodsByLiteralPath.set(operation.path, [...(methodsByLiteralPath.get(operation.path) ?? []), operation.method.toUpperCase()]);
  }
  const match = operationMatcher(operations);
  return {
    operations,
    match,
    allowedMethods: (path) => SERVED_METHODS.filter((method) => match(method, path)).map((method) => method.toUpperCase()),
    literalPathMethods: (path) => methodsByLiteralPath.get(path),
  };
}

/** A request path as openapi-backend reads it: a leading slash, no query string, no trailing slashes. */
export function normalizedPath(rawPath: string): string {
  let path = rawPath.trim().split('?')[0] ?? '';
  if (!path.startsWith('/')) path = `/${path}`;
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
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
    const path = normalizedPath(rawPath);
    const exact = operations.find((operation) => operation.path === path && operation.method === wanted);
    return exact ?? templates.find((template) => template.operation.method === wanted && template.pattern.test(path))?.operation;
  };
}

function templatePattern(path: string): RegExp {
  const literal = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${literal.join('[^/]+')}$`);
}
