/**
 * The `operation` an armed request outcome is limited to: an operationId of spec/openapi.yaml (`createOrder`) or a
 * path pattern (`/v1/orders/*`, as scenario rules and the journal take them).
 */
import { loadSpecDocument } from '../openapi/spec-document.ts';
import { operationsOf } from '../openapi/operation-table.ts';
import { processCached } from '../platform/process-cache.ts';
import { pathPattern, pathPatternProblem } from '../scenarios/path-pattern.ts';

/** Why an `operation` is refused, or undefined when it is usable. */
export function armOperationProblem(operation: string): string | undefined {
  if (operation.startsWith('/')) return pathPatternProblem(operation);
  return operationIds().has(operation) ? undefined : `not an operationId of spec/openapi.yaml nor a path pattern (/v1/orders/*)`;
}

/** Whether a request of `operationId` at `path` meets an arm limited to `operation` (none: every request does). */
export function armOperationMatches(operation: string | undefined, operationId: string | undefined, path: string): boolean {
  if (operation === undefined) return true;
  // Compiled at each match: an arm limited to a pattern meets few requests before it is spent.
  return operation.startsWith('/') ? pathPattern(operation).test(path) : operation === operationId;
}

function operationIds(): ReadonlySet<string> {
  return processCached('api-operation-ids', () => new Set(operationsOf(loadSpecDocument()).flatMap((operation) => (operation.operationId ? [operation.operationId] : []))));
}
