/**
 * Names and request types of the document's operations, derived from the types generated from it
 * (`npm run types` → api-types.gen.ts; a test fails when that file is stale).
 */
import type { components, operations } from '../generated/api-types.gen.ts';

export type OperationId = keyof operations;

export type Schemas = components['schemas'];

/** The JSON body an operation takes, as the document declares it (undefined for operations without one). */
export type RequestBodyOf<Id extends OperationId> = operations[Id] extends { requestBody: { content: { 'application/json': infer Body } } }
  ? Body
  : operations[Id] extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? Body | undefined
    : undefined;
