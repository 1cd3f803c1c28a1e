/**
 * openapi-backend, the validator of record: the build compiles every request validator with it
 * (scripts/precompile-validators.mjs), the sources (tests, tsx) compile with it on first use, and the test suite,
 * the contract checks and the proxy validate responses with it. A built server's start path never loads it (nor
 * Ajv's compiler): both are required here, when a backend is first made.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Ajv, Options as AjvOptions } from 'ajv';
import type { Document, OpenAPIBackend } from 'openapi-backend';
import { addDecimalsKeyword } from './decimals-keyword.ts';
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
