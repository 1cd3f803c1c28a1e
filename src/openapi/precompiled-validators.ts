/**
 * Request validators precompiled by the build (scripts/precompile-validators.mjs) into standalone Ajv modules
 * beside the compiled code: `dist/validators/<operationId>-<n>.cjs` for the service's API, `dist/validators/admin/`
 * for the admin API, each folder with a manifest of how many validators each operation has. Loading one takes
 * about 2 ms where compiling it took 20–60 ms. Run from the sources there is no such folder, and openapi-backend
 * compiles on first use.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { BUILT } from '../platform/package-files.ts';
import type { PackageDocument } from './spec-document.ts';

export const VALIDATORS_DIR = BUILT.validators;
export const MANIFEST_FILE = 'manifest.json';

/** The folder of a package document's precompiled validators. */
export function validatorsDirOf(which: PackageDocument): string {
  return which === 'service' ? VALIDATORS_DIR : `${VALIDATORS_DIR}admin/`;
}

/** operationId → a loader of its validators, in openapi-backend's order; undefined without a build. */
export function loadPrecompiledValidators(dir?: string, which: PackageDocument = 'service'): Map<string, () => ValidateFunction[]> | undefined {
  const folder = dir ?? validatorsDirOf(which);
  const manifestPath = `${folder}${MANIFEST_FILE}`;
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, number>;
  const require = createRequire(folder);
  return new Map(
    Object.entries(manifest).map(([operationId, count]) => [
      operationId,
      () => Array.from({ length: count }, (_, index) => require(`./${operationId}-${index}.cjs`) as ValidateFunction),
    ]),
  );
}
