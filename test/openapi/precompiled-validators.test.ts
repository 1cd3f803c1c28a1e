/**
 * The request validators the build precompiles (dist/validators/, called directly by the server) judge every
 * request as openapi-backend's own `validateRequest` does with the validators it compiles (the behaviour of
 * record): same verdict, same errors, same coerced path and query parameters; for the service's API and the admin
 * API. `npm test` builds before running vitest, so dist/ is fresh.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { OpenAPIBackend } from 'openapi-backend';
import { createOpenApiRouter, type Operation, type RouterRequest, type Validation } from '../../src/openapi/openapi-router.ts';
import { loadPrecompiledValidators } from '../../src/openapi/precompiled-validators.ts';

const DIST_VALIDATORS = fileURLToPath(new URL('../../dist/validators/', import.meta.url));

const routers = {
  service: await createOpenApiRouter({ validatorsDir: DIST_VALIDATORS }),
  admin: await createOpenApiRouter({ document: 'admin', validatorsDir: `${DIST_VALIDATORS}admin/` }),
};

const BODIES: unknown[] = [
  undefined,
  null,
  {},
  '{"name":',
  { name: 'Capulana', price: 350.5, unknownField: true },
  { customer: {}, items: [] },
  { customer: { customerId: 'cus_1' }, items: [{ productId: 'prod_1', quantity: 1.5 }] },
  { products: [{ name: 'A', price: 1.005 }] },
  { name: 'Caju', price: 0.30000000000000004 },
  { client_id: 'mock-client', client_secret: 'mock-secret' },
  { minutes: '5', scenario: 'x', clientId: 7 },
  [1, 2],
];
const QUERIES: Array<Record<string, string | string[]>> = [
  {},
  { page: '2', limit: '10' },
  { page: '0', limit: 'abc', status: 'NOPE' },
  { status: ['PAID', 'PENDING'], limit: ['1', '2'], __proto__x: 'y' },
];
const PATH_VALUES = ['x_1', 'prod%20caf%C3%A9', '12/'];

function requestsOf(operation: Operation): RouterRequest[] {
  return PATH_VALUES.flatMap((value) =>
    BODIES.flatMap((body) =>
      QUERIES.map((query) => ({
        method: operation.method.toUpperCase(),
        path: operation.path.replace(/\{[^}]+\}/g, value),
        query: structuredClone(query),
        headers: { 'Content-Type': 'application/json' },
        body: structuredClone(body),
      })),
    ),
  );
}

/** openapi-backend's own verdict, in the router's terms. */
function ofRecord(backend: OpenAPIBackend, request: RouterRequest, operation: Operation): Validation {
  const result = backend.validator.validateRequest(request, operation);
  if (result.errors) return { ok: false, errors: result.errors };
  const coerced = (result.coerced ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown> };
  return { ok: true, parsed: { params: coerced.params ?? {}, query: coerced.query ?? {}, body: request.body } };
}

const comparable = (outcome: Validation) =>
  outcome.ok
    ? { ok: true, parsed: outcome.parsed }
    : { ok: false, errors: outcome.errors.map(({ keyword, instancePath, schemaPath, params, message }) => ({ keyword, instancePath, schemaPath, params, message })) };

describe.each(Object.entries(routers))('precompiled request validators of the %s document', (which, router) => {
  it('exist for every operation', () => {
    const manifest = loadPrecompiledValidators(which === 'service' ? DIST_VALIDATORS : `${DIST_VALIDATORS}admin/`);
    expect([...(manifest?.keys() ?? [])].sort()).toEqual(router.operations.map((operation) => operation.operationId).sort());
  });

  it.each(router.operations.map((operation) => [operation.operationId ?? '', operation] as const))('%s: same verdicts, errors and coerced values as openapi-backend', (_id, operation) => {
    const requests = requestsOf(operation);
    const expected = requests.map((request) => comparable(ofRecord(router.backend, structuredClone(request), operation)));
    const judged = requests.map((request) => comparable(router.validate(structuredClone(request), operation)));
    expect(judged).toEqual(expected);
    expect(expected.some((outcome) => !outcome.ok)).toBe(true);
  });
});
