/**
 * Validates every response the app sends in the test suite against spec/openapi.yaml: the status is
 * declared for the operation, the body matches that response's schema, declared required headers are
 * present. Violations are collected and fail the test in `setup.ts`.
 */
import type { OpenAPIBackend } from 'openapi-backend';
import { createSchemaAjv } from '../spec/openapi-doc.ts';
import type { Exchange } from '../../src/core/context.ts';

export const violations: string[] = [];

interface ResponseObject {
  content?: { 'application/json'?: { schema?: object } };
  headers?: Record<string, { required?: boolean }>;
}

const errorSchemaChecks = new WeakMap<OpenAPIBackend, (body: unknown) => boolean>();

function checkErrorBody(backend: OpenAPIBackend, body: unknown): boolean {
  let check = errorSchemaChecks.get(backend);
  if (!check) {
    const definition = backend.definition as { components: { schemas: Record<string, object> } };
    check = createSchemaAjv().compile(definition.components.schemas['Error'] as object);
    errorSchemaChecks.set(backend, check);
  }
  return check(body);
}

export function validateExchange(backend: OpenAPIBackend, exchange: Exchange): void {
  const { context, status, body, headers } = exchange;
  const where = `${context.method} ${context.path} → ${status}`;
  // A connection a scenario dropped on purpose sent nothing to check.
  if (status === 0) return;
  if (!headers['X-Request-Id']) violations.push(`${where}: no X-Request-Id`);
  if (typeof body === 'object' && body !== null && 'error' in body) {
    if ((body as { requestId?: string }).requestId !== headers['X-Request-Id']) violations.push(`${where}: requestId ≠ X-Request-Id`);
  }
  const operation = context.operationId ? backend.getOperation(context.operationId) : undefined;
  if (!operation && context.method === 'OPTIONS' && status === 204) {
    // A CORS preflight answered by the mock itself (Fetch standard), not an operation of the document.
    if (body !== undefined || !headers['Access-Control-Allow-Methods']) violations.push(`${where}: preflight with a body or without Allow-Methods`);
    return;
  }
  if (!operation) {
    // Unknown path or method: not an operation, but the body is still the documented error body.
    if (!checkErrorBody(backend, body)) violations.push(`${where}: error body does not match Error schema`);
    if (status === 405 && !headers['Allow']) violations.push(`${where}: 405 without Allow`);
    return;
  }
  const declared = (operation.responses as Record<string, ResponseObject>)[String(status)];
  if (!declared) {
    violations.push(`${where}: status ${status} not declared for ${context.operationId}`);
    return;
  }
  const result = backend.validateResponse(body, operation, status);
  if (!result.valid) violations.push(`${where}: body invalid: ${JSON.stringify(result.errors)}`);
  const sentHeaders = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  for (const [name, header] of Object.entries(declared.headers ?? {})) {
    if (header.required && !sentHeaders.has(name.toLowerCase())) violations.push(`${where}: missing required header ${name}`);
  }
}
