/**
 * The validators a response is judged by, compiled on first use for one (operation, status) and kept for the
 * document's lifetime. openapi-backend's own `validateResponse` compiles every status of an operation at its first
 * answer (and four header validators per status, one of them used) in a fresh Ajv each time: in the test suite,
 * which checks every response, that was most of a worker's validation time. The schemas, the Ajv options (the
 * router's) and the status matching (exact, then `4XX`, then `default`) are openapi-backend's, so the errors are
 * the same errors. The schemas are those of the validator's own definition (a copy per use of each component),
 * whichever copy of the operation is passed: the router's table shares a component between its uses, and Ajv would
 * report an error of the second use at the first one's schema path.
 */
import type { Ajv, ValidateFunction } from 'ajv';
import type { OpenAPIBackend, ValidationContext } from 'openapi-backend';
import { validatorOperations } from '../openapi/openapi-backend.ts';
import type { OperationTable } from '../openapi/operation-table.ts';
import type { Operation } from '../openapi/openapi-router.ts';
import { processCachedFor } from '../platform/process-cache.ts';

interface ResponseObject {
  content?: Record<string, { schema?: object }>;
  headers?: Record<string, { schema?: object }>;
}

export interface ResponseValidators {
  /** The JSON body's validator of the response matching `status`, if it declares a JSON schema. */
  body(operation: Operation, status: number): ValidateFunction | undefined;
  /** Checks `{ headers }` (names in lower case) against the declared headers' schemas (presence is checked apart). */
  headers(operation: Operation, status: number): ValidateFunction | undefined;
  /** `components.schemas.Error`: the body of a refusal that reached no operation. */
  errorBody(): ValidateFunction;
}

/**
 * openapi-backend's own compile step (private in its types): the dereferenced document may hold reference cycles
 * (a recursive schema), which it turns back into `$ref`s before Ajv sees them.
 */
function compileSchema(backend: OpenAPIBackend, ajv: Ajv, schema: object): ValidateFunction {
  // Reached through the instance's class: this module is on the proxy's import path, which a start loads, and must
  // not load openapi-backend itself (test/cli/built-start.test.ts).
  const validatorClass = backend.validator.constructor as unknown as { compileSchema(ajv: Ajv, schema: object): ValidateFunction };
  return validatorClass.compileSchema(ajv, schema);
}

/** openapi-backend's `ValidationContext` values, named without loading the package for an enum. */
const RESPONSE_CONTEXT = 'responseValidator' as ValidationContext.Response;
const RESPONSE_HEADERS_CONTEXT = 'responseHeadersValidator' as ValidationContext.ResponseHeaders;

export function responseValidatorsOf(backend: OpenAPIBackend): ResponseValidators {
  return processCachedFor('response-validators', backend, () => compileOnFirstUse(backend));
}

/** openapi-backend's status matching, over the responses that have what `has` asks for. */
function matchingStatus(operation: Operation, status: number, has: (response: ResponseObject, key: string) => boolean): string | undefined {
  const responses = (operation.responses ?? {}) as Record<string, ResponseObject>;
  return [String(status), `${Math.floor(status / 100)}XX`, 'default'].find((key) => responses[key] !== undefined && has(responses[key], key));
}

function compileOnFirstUse(backend: OpenAPIBackend): ResponseValidators {
  let bodyAjv: Ajv | undefined;
  let headersAjv: Ajv | undefined;
  const compiled = new Map<string, ValidateFunction | undefined>();
  const once = (key: string, compile: () => ValidateFunction | undefined) => {
    if (!compiled.has(key)) compiled.set(key, compile());
    return compiled.get(key);
  };
  let compiledFrom: OperationTable | undefined;
  const responseOf = (operation: Operation, key: string) => {
    const own = (compiledFrom ??= validatorOperations(backend)).operation(operation.operationId ?? '') ?? operation;
    return ((own.responses ?? {}) as Record<string, ResponseObject>)[key] ?? {};
  };
  const compileBody = (schema: object) => compileSchema(backend, (bodyAjv ??= backend.validator.getAjv(RESPONSE_CONTEXT)), schema);
  return {
    body(operation, status) {
      const key = matchingStatus(operation, status, (response, code) => Boolean(response.content?.['application/json']?.schema) || (!response.content && code === '204'));
      if (key === undefined) return undefined;
      return once(`body ${operation.operationId} ${key}`, () => {
        const schema = responseOf(operation, key).content?.['application/json']?.schema;
        return compileBody(schema ?? { type: 'null' });
      });
    },
    headers(operation, status) {
      const key = matchingStatus(operation, status, () => true);
      if (key === undefined) return undefined;
      return once(`headers ${operation.operationId} ${key}`, () => {
        const properties = Object.fromEntries(
          Object.entries(responseOf(operation, key).headers ?? {}).flatMap(([name, header]) => (header.schema ? [[name.toLowerCase(), header.schema]] : [])),
        );
        headersAjv ??= backend.validator.getAjv(RESPONSE_HEADERS_CONTEXT, { coerceTypes: true });
        const schema = { type: 'object', properties: { headers: { type: 'object', additionalProperties: true, properties, required: [] } } };
        return compileSchema(backend, headersAjv, schema);
      });
    },
    errorBody() {
      return once('error body', () => compileBody(((backend.definition.components?.schemas ?? {}) as Record<string, object>)['Error'] ?? {}))!;
    },
  };
}
