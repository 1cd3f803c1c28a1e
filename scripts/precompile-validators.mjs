// Build step, after tsc (scripts/build.mjs passes the folder it builds in, dist/ by default): every operation's
// request validators, compiled once here with the server's own options (dist/openapi/openapi-router.js) and written
// as standalone Ajv modules to dist/validators/, so the server loads them instead of compiling them at run time
// (see src/openapi/precompiled-validators.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const out = pathToFileURL(`${resolve(process.argv[2] ?? 'dist')}/`);
const { createBackend } = await import(new URL('openapi/openapi-router.js', out).href);
const { MANIFEST_FILE, VALIDATORS_DIR } = await import(new URL('openapi/precompiled-validators.js', out).href);

const require = createRequire(import.meta.url);
const standaloneCode = require('ajv/dist/standalone').default;
const { _ } = require('ajv/dist/compile/codegen');

const instances = [];
const backend = createBackend(
  // Generated code refers to the format checks by module, as the runtime ajv-formats plugin defines them.
  { code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } },
  (ajv) => instances.push(ajv),
);
await backend.init();

rmSync(VALIDATORS_DIR, { recursive: true, force: true });
mkdirSync(VALIDATORS_DIR, { recursive: true });
const manifest = {};
for (const operation of backend.router.getOperations()) {
  // openapi-backend makes a fresh Ajv instance for each validator it compiles, just before compiling it.
  const first = instances.length;
  const validators = backend.validator.buildRequestValidatorsForOperation(operation) ?? [];
  const made = instances.slice(first);
  if (made.length !== validators.length) throw new Error(`${operation.operationId}: ${validators.length} validators, ${made.length} Ajv instances`);
  validators.forEach((validate, index) => {
    writeFileSync(`${VALIDATORS_DIR}${operation.operationId}-${index}.cjs`, standaloneCode(made[index], validate));
  });
  manifest[operation.operationId] = validators.length;
}
writeFileSync(`${VALIDATORS_DIR}${MANIFEST_FILE}`, JSON.stringify(manifest, null, 2));
console.log(`precompiled the request validators of ${Object.keys(manifest).length} operations into ${VALIDATORS_DIR}`);
