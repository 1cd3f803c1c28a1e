/**
 * The request validators the build precompiles (dist/validators/, loaded by the server) judge every request as
 * the ones openapi-backend compiles at run time (used when running from the sources): same verdict, same errors,
 * same coerced parameters. `npm test` builds before running vitest, so dist/ is fresh.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createOpenApiRouter, type RouterRequest } from '../../src/openapi/openapi-router.ts';

const DIST_VALIDATORS = fileURLToPath(new URL('../../dist/validators/', import.meta.url));

const compiled = await createOpenApiRouter();
const precompiled = await createOpenApiRouter({ validatorsDir: DIST_VALIDATORS });
const operations = compiled.backend.router.getOperations();

const BODIES: unknown[] = [
  undefined,
  {},
  { name: 'Capulana', price: 350.5, unknownField: true },
  { customer: {}, items: [] },
  { customer: { customerId: 'cus_1' }, items: [{ productId: 'prod_1', quantity: 1.5 }] },
  { products: [{ name: 'A', price: 1.005 }] },
  { name: 'Caju', price: 0.30000000000000004 },
  { client_id: 'mock-client', client_secret: 'mock-secret' },
  [1, 2],
];
const QUERIES: Array<Record<string, string>> = [{}, { page: '2', limit: '10' }, { page: '0', limit: 'abc', status: 'NOPE' }];

function requestsOf(path: string, method: string): RouterRequest[] {
  const concrete = path.replace(/\{[^}]+\}/g, 'x_1');
  return BODIES.flatMap((body) =>
    QUERIES.map((query) => ({ method: method.toUpperCase(), path: concrete, query: { ...query }, headers: { 'content-type': 'application/json' }, body: structuredClone(body) })),
  );
}

describe('precompiled request validators', () => {
  it('exist for every operation and are the ones the router uses', () => {
    const slots = precompiled.backend.validator.requestValidators;
    const precompiledIds = operations.filter((operation) => Object.getOwnPropertyDescriptor(slots, operation.operationId ?? '')?.get);
    expect(precompiledIds.length).toBe(operations.length);
  });

  it.each(operations.map((operation) => [operation.operationId ?? '', operation] as const))('%s: same verdicts and errors', (_id, operation) => {
    const requests = requestsOf(operation.path, operation.method);
    const judged = (router: typeof compiled) => requests.map((request) => router.validate(structuredClone(request), operation));
    const comparable = (outcomes: ReturnType<typeof judged>) =>
      outcomes.map((outcome) =>
        outcome.ok
          ? { ok: true, parsed: outcome.parsed }
          : { ok: false, errors: outcome.errors.map(({ keyword, instancePath, schemaPath, params, message }) => ({ keyword, instancePath, schemaPath, params, message })) },
      );
    const expected = comparable(judged(compiled));
    expect(expected.some((outcome) => !outcome.ok)).toBe(true);
    expect(comparable(judged(precompiled))).toEqual(expected);
  });
});
