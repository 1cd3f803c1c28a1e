import { describe, expect, it } from 'vitest';
import ajvFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import { createHandlers } from '../../src/handlers/api-handlers.ts';
import { SPEC_PATH } from '../../src/openapi/spec-document.ts';
import { sharedRouter } from '../support/shared-router.ts';
import { createTestApp } from '../support/test-app.ts';

const specOperationIds = (await sharedRouter()).operations.flatMap(({ operationId }) => (operationId ? [operationId] : []));

describe('the document', () => {
  it('is valid OpenAPI 3.0 for openapi-backend, checked as the server skips it at start-up', async () => {
    const backend = new OpenAPIBackend({
      definition: SPEC_PATH,
      strict: true,
      // Formats as the server knows them, so compiling the validators does not warn about each one.
      customizeAjv: (ajv) => {
        ajvFormats.default(ajv);
        return ajv;
      },
    });
    await expect(backend.init()).resolves.toBe(backend);
    // Compiles a validator for every schema of the document: seconds of CPU, more than 20 s on a loaded machine.
  }, 60_000);
});

const handlers = createHandlers((await createTestApp()).core.flows);

describe('every operation of the document has a handler', () => {
  it('has exactly the operationIds of spec/openapi.yaml (the table is typed by the types generated from it)', () => {
    expect(Object.keys(handlers).sort()).toEqual([...specOperationIds].sort());
  });

  it.each(specOperationIds)('%s has a handler', (operationId) => {
    expect(typeof (handlers as Record<string, unknown>)[operationId]).toBe('function');
  });
});
