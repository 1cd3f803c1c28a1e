/**
 * One OpenAPI router per test file: its validators compile lazily, once per operation, and every app of the
 * file reuses them (a fresh router per test would compile them again for each test).
 */
import { createOpenApiRouter, type OpenApiRouter } from '../../src/http/openapi-router.ts';
import { loadAdminDocument } from '../../src/http/spec-document.ts';

let shared: Promise<OpenApiRouter> | undefined;
let sharedAdmin: Promise<OpenApiRouter> | undefined;

/** The admin API's router (spec/admin.yaml), likewise shared. */
export function sharedAdminRouter(): Promise<OpenApiRouter> {
  sharedAdmin ??= createOpenApiRouter({ document: loadAdminDocument() });
  return sharedAdmin;
}

export function sharedRouter(): Promise<OpenApiRouter> {
  shared ??= createOpenApiRouter();
  return shared;
}
