/**
 * One OpenAPI router per test file: its validators compile lazily, once per operation, and every app of the
 * file reuses them (a fresh router per test would compile them again for each test).
 */
import type { ExchangeObserver } from '../../src/handling/request-context-types.ts';
import { createOpenApiRouter, type OpenApiRouter } from '../../src/openapi/openapi-router.ts';
import { loadAdminDocument } from '../../src/openapi/spec-document.ts';
import { validateExchange } from './response-validator.ts';

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

/** Checks every answer against its document (spec/admin.yaml under /__admin, else spec/openapi.yaml). */
export async function validatingObserver(): Promise<ExchangeObserver> {
  const [router, adminRouter] = await Promise.all([sharedRouter(), sharedAdminRouter()]);
  return (exchange) => validateExchange((exchange.context.path.startsWith('/__admin') ? adminRouter : router).backend, exchange);
}
