/**
 * One OpenAPI router per test file: its validators compile lazily, once per operation, and every app of the
 * file reuses them (a fresh router per test would compile them again for each test).
 */
import { createOpenApiRouter, type OpenApiRouter } from '../../src/http/openapi-router.ts';

let shared: Promise<OpenApiRouter> | undefined;

export function sharedRouter(): Promise<OpenApiRouter> {
  shared ??= createOpenApiRouter();
  return shared;
}
