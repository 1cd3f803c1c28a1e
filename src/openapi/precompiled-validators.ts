/**
 * Request validators precompiled by the build (scripts/precompile-validators.mjs) into standalone Ajv modules
 * beside the compiled code: `dist/validators/<operationId>-<n>.cjs` and a manifest of how many each operation
 * has. Loading one takes about 2 ms where compiling it took 20–60 ms. Run from the sources there is no such
 * folder, and openapi-backend compiles on first use.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { BUILT } from '../platform/package-files.ts';

export const VALIDATORS_DIR = BUILT.validators;
export const MANIFEST_FILE = 'manifest.json';

/** operationId → a loader of its validators, in openapi-backend's order; undefined without a build. */
export function loadPrecompiledValidators(dir = VALIDATORS_DIR): Map<string, () => ValidateFunction[]> | undefined {
  const manifestPath = `${dir}${MANIFEST_FILE}`;
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, number>;
  const require = createRequire(dir);
  return new Map(
    Object.entries(manifest).map(([operationId, count]) => [
      operationId,
      () => Array.from({ length: count }, (_, index) => require(`./${operationId}-${index}.cjs`) as ValidateFunction),
    ]),
  );
}
