/**
 * Validates every response the app sends in the test suite against spec/openapi.yaml: the status is
 * declared for the operation, the body matches that response's schema, declared required headers are
 * present. Violations are collected and fail the test in `setup.ts`.
 */
import { errorBodyProblems, responseProblems, type Problem } from '../../src/conformance/response-conformance.ts';
import type { Exchange } from '../../src/domain/caller.ts';
import type { OpenApiRouter } from '../../src/openapi/openapi-router.ts';
import { violations } from './violations.ts';

/** `router` finds the operation (its table), its `backend` judges the answer. */
export function validateExchange(router: OpenApiRouter, exchange: Exchange): void {
  const { backend } = router;
  const { context, status, body, headers } = exchange;
  const where = `${context.method} ${context.path} → ${status}`;
  // A connection a scenario dropped on purpose sent nothing to check.
  if (status === 0) return;
  if (!headers['X-Request-Id']) violations.push(`${where}: no X-Request-Id`);
  // The mock's error body carries the request id; a JSON-RPC error (the MCP endpoint's) is JSON-RPC's own body.
  if (typeof body === 'object' && body !== null && 'error' in body && !('jsonrpc' in body)) {
    if ((body as { requestId?: string }).requestId !== headers['X-Request-Id']) violations.push(`${where}: requestId ≠ X-Request-Id`);
  }
  const operation = context.operationId ? router.operation(context.operationId) : undefined;
  if (!operation && context.method === 'OPTIONS' && status === 204) {
    // A CORS preflight answered by the mock itself (Fetch standard), not an operation of the document.
    if (body !== undefined || !headers['Access-Control-Allow-Methods']) violations.push(`${where}: preflight with a body or without Allow-Methods`);
    return;
  }
  const report = (problems: Problem[]) => violations.push(...problems.map((problem) => `${where}: ${problem.where}: ${problem.message}`));
  const response = { status, headers, ...(body === undefined ? {} : { body: { kind: 'value' as const, value: body } }) };
  if (!operation) {
    // Unknown path or method: not an operation, but the body is still the documented error body.
    if (body === undefined) violations.push(`${where}: error without a body`);
    report(errorBodyProblems(backend, response));
    if (status === 405 && !headers['Allow']) violations.push(`${where}: 405 without Allow`);
    return;
  }
  report(responseProblems(backend, operation, response, true));
}
