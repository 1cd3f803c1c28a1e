/**
 * openapi-backend, the validator of record (and only that: operations are listed and found by our operation table,
 * operation-table.ts): the build compiles every request validator with it (scripts/precompile-validators.mjs), the
 * sources (tests, tsx) compile with it on first use, and the test suite, the contract checks and the proxy validate
 * responses with it. A built server's start path never loads it (nor Ajv's compiler): both are required here, when
 * a backend is first made.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Ajv, Options as AjvOptions } from 'ajv';
import type { Document, OpenAPIBackend } from 'openapi-backend';
import { addDecimalsKeyword } from './decimals-keyword.ts';
import { operationTable, operationsOf, type OperationTable } from './operation-table.ts';
import { MULTIPLE_OF_PRECISION, packageDefinition } from './spec-document.ts';
import { BUILT } from '../platform/package-files.ts';

const require = createRequire(import.meta.url);

/**
 * The backend as the server and the build's precompiler both make it, from a dereferenced definition (default:
 * the service's). `verbose`
 * errors carry the schema of the failed keyword (validation-details.ts reads `x-message-when-absent` there).
 */
export function createBackend(
  extraAjvOptions: AjvOptions = {},
  onAjv?: (ajv: Ajv) => void,
  definition: Readonly<Record<string, unknown>> = packageDefinition('service'),
): OpenAPIBackend {
  // Built: the bundled copy the package ships (openapi-backend itself is a dev dependency); from the sources, the package.
  const { OpenAPIBackend: Backend } = require(existsSync(BUILT.openapiBackend) ? BUILT.openapiBackend : 'openapi-backend') as typeof import('openapi-backend');
  // ajv-formats is CommonJS: its plugin is the module's `default` property.
  const ajvFormats = (require('ajv-formats') as typeof import('ajv-formats')).default;
  return new Backend({
    definition: definition as unknown as Document,
    // The document is checked against the OpenAPI 3.0 schema by the test suite and linted, not at every start.
    quick: true,
    strict: true,
    coerceTypes: true,
    ajvOpts: { multipleOfPrecision: MULTIPLE_OF_PRECISION, allErrors: true, verbose: true, ...extraAjvOptions },
    customizeAjv: (ajv) => {
      ajvFormats(ajv);
      addDecimalsKeyword(ajv);
      onAjv?.(ajv);
      return ajv;
    },
  });
}

/**
 * A backend ready to use, made synchronously: in `quick` mode with a document object, openapi-backend's `init()`
 * does all its work before its first `await` (dereference, router, validator).
 */
export function initializedBackend(definition: Readonly<Record<string, unknown>>): OpenAPIBackend {
  const backend = createBackend({}, undefined, definition);
  // A failure rejects the promise, and leaves the backend uninitialised: reported here, synchronously.
  backend.init().catch(() => undefined);
  if (!backend.initialized) throw new Error('openapi-backend could not read the document');
  return backend;
}

/**
 * The operations of the definition a backend was given (a copy per use of each component, see spec-document.ts
 * `validatorDefinition`), listed by our operation table: what the validator compiles from. The router's own table
 * shares components between uses, whose second use Ajv would report at the first one's schema path.
 */
export function validatorOperations(backend: OpenAPIBackend): OperationTable {
  return operationTable(operationsOf(backend.definition as unknown as Record<string, unknown>));
}
