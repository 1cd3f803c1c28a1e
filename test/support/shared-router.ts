/**
 * One OpenAPI router per worker: vitest runs file after file in one process (`isolate: false`), so every app of
 * every file a worker runs reuses it. Its request validators are the build's (test/support/built-validators.ts) or
 * compile lazily, once per operation; the response validators also compile once per operation and worker.
 */
import type { ExchangeObserver } from '../../src/domain/caller.ts';
import { createOpenApiRouter, type OpenApiRouter } from '../../src/openapi/openapi-router.ts';
import { loadAdminDocument } from '../../src/openapi/spec-document.ts';
import { builtValidatorsDir } from './built-validators.ts';
import { validateExchange } from './response-validator.ts';

let shared: Promise<OpenApiRouter> | undefined;
let sharedAdmin: Promise<OpenApiRouter> | undefined;

/** The admin API's router (spec/admin.yaml), likewise shared. */
export function sharedAdminRouter(): Promise<OpenApiRouter> {
  sharedAdmin ??= createOpenApiRouter({ document: loadAdminDocument() });
  return sharedAdmin;
}

export function sharedRouter(): Promise<OpenApiRouter> {
  shared ??= routerWithBuiltValidators();
  return shared;
}

function routerWithBuiltValidators(): Promise<OpenApiRouter> {
  const validatorsDir = builtValidatorsDir();
  return createOpenApiRouter(validatorsDir ? { validatorsDir } : {});
}

/** Checks every answer against its document (spec/admin.yaml under /__admin, else spec/openapi.yaml). */
export async function validatingObserver(): Promise<ExchangeObserver> {
  const [router, adminRouter] = await Promise.all([sharedRouter(), sharedAdminRouter()]);
  return (exchange) => validateExchange((exchange.context.path.startsWith('/__admin') ? adminRouter : router), exchange);
}
