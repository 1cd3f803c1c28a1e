/**
 * src/conformance/response-validators.ts compiles one (operation, status) at a time where openapi-backend compiles
 * every status of an operation at once: both must judge every answer alike (same errors, same paths) for every
 * declared status (and one undeclared) of operations of both documents that cover their kinds of response (a
 * token, a sync's 200 and 201, a list, the order status, a batch; health, a snapshot, the state export). All of
 * them would cost openapi-backend's compile time the suite no longer pays (≈ 8 s of CPU).
 */
import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import { responseValidatorsOf } from '../../src/conformance/response-validators.ts';
import type { OpenApiRouter } from '../../src/openapi/openapi-router.ts';
import { sharedAdminRouter, sharedRouter } from '../support/shared-router.ts';

/** Bodies every schema of the documents refuses or accepts somewhere: the wrong type, a missing field, nothing. */
const BODIES: unknown[] = [{}, { data: null }, { data: [] }, { data: {}, pagination: { page: 'x' } }, [], 'text', null, { error: 1, message: 'm', requestId: 'r' }];
const HEADERS: Record<string, string>[] = [{}, { 'x-request-id': 'r', 'ratelimit-limit': 'many', 'retry-after': '-x' }];

/**
 * An error as a user reads it: where, which keyword, with what parameters, and the message. The verbose fields
 * (`schema`, `parentSchema`, `data`) hold the schema objects themselves, whose shared subtrees openapi-backend's
 * compile step turns into `$ref`s in place: their text depends on which operation some earlier test compiled first
 * in the same worker, not on the judgement.
 */
const judged = (errors: readonly ErrorObject[] | null | undefined) =>
  JSON.stringify((errors ?? []).map(({ instancePath, schemaPath, keyword, params, message }) => ({ instancePath, schemaPath, keyword, params, message })));

/** Both given the router's operation; openapi-backend compiles from its own definition, found by operationId. */
function sameJudgement({ backend, operation: operationOf }: OpenApiRouter, operationIds: string[]) {
  const mine = responseValidatorsOf(backend);
  const differences: string[] = [];
  for (const operationId of operationIds) {
    const operation = operationOf(operationId);
    if (!operation) throw new Error(`${operationId} is in the document`);
    for (const code of [...Object.keys(operation.responses ?? {}), '418']) {
      const status = Number(code);
      for (const body of BODIES) {
        const theirs = backend.validateResponse(body, operation, status).errors ?? [];
        const validate = mine.body(operation, status);
        validate?.(body);
        if (judged(validate?.errors) !== judged(theirs)) differences.push(`${operation.operationId} ${code} body ${JSON.stringify(body)}`);
      }
      for (const headers of HEADERS) {
        const theirs = backend.validator.validateResponseHeaders(headers, operation, { statusCode: status }).errors ?? [];
        const validate = mine.headers(operation, status);
        validate?.({ headers });
        if (judged(validate?.errors) !== judged(theirs)) differences.push(`${operation.operationId} ${code} headers ${JSON.stringify(headers)}`);
      }
    }
  }
  return differences;
}

describe('response validators compiled per operation and status', () => {
  it('judge responses of spec/openapi.yaml as openapi-backend does', async () => {
    expect(sameJudgement(await sharedRouter(), ['issueToken', 'syncProduct', 'listOrders', 'getOrderStatus', 'syncProductsBatch'])).toEqual([]);
  });

  it('judge responses of spec/admin.yaml as openapi-backend does', async () => {
    expect(sameJudgement(await sharedAdminRouter(), ['getHealth', 'saveSnapshot', 'exportState'])).toEqual([]);
  });

  it("report an error in a component used twice at its own schema path, though the router's operation shares the component", async () => {
    const { backend, operation: operationOf } = await sharedRouter();
    const operation = operationOf('getOrder');
    if (!operation) throw new Error('getOrder is in the document');
    const validate = responseValidatorsOf(backend).body(operation, 200);
    validate?.({ data: { subtotal: 'x' } });
    expect(validate?.errors?.filter((error) => error.instancePath === '/data/subtotal').map((error) => error.schemaPath)).toEqual(['#/properties/data/properties/subtotal/type']);
  });

  it('compile a validator once, and none for a response without a JSON body', async () => {
    const { backend, operation: operationOf } = await sharedRouter();
    const operation = operationOf('getOrderStatus');
    if (!operation) throw new Error('getOrderStatus is in the document');
    const validators = responseValidatorsOf(backend);
    expect(validators.body(operation, 200)).toBe(validators.body(operation, 200));
    expect(validators.body(operation, 200)).not.toBe(validators.body(operation, 401));
    expect(validators.body(operation, 302)).toBeUndefined();
  });
});
