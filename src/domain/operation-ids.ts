/**
 * Names and request types of the documents' operations (spec/openapi.yaml and spec/admin.yaml), derived from the
 * types generated from them (`npm run types` → api-types.gen.ts, admin-types.gen.ts; a test fails when stale).
 */
import type { operations as adminOperations } from '../generated/admin-types.gen.ts';
import type { components, operations } from '../generated/api-types.gen.ts';

export type OperationId = keyof operations;
export type AdminOperationId = keyof adminOperations;

export type Schemas = components['schemas'];

/** The JSON body an operation of `Operations` takes, as its document declares it (undefined when it takes none). */
type JsonBodyOf<Operation> = Operation extends { requestBody: { content: { 'application/json': infer Body } } }
  ? Body
  : Operation extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? Body | undefined
    : undefined;

export type RequestBodyOf<Id extends OperationId> = JsonBodyOf<operations[Id]>;
export type AdminRequestBodyOf<Id extends AdminOperationId> = JsonBodyOf<adminOperations[Id]>;
