// Build step, after tsc and dereference-specs.mjs (scripts/build.mjs passes its staging folder, which holds tsc's
// compiled modules): every operation's request validators, of the service's API and of the admin API, compiled once
// here with the server's own options (src/openapi/openapi-backend.ts, compiled) and written as standalone Ajv
// modules to dist/validators/ and dist/validators/admin/, so the server calls them instead of compiling anything at
// run time (see src/openapi/precompiled-validators.ts). The operations are listed by our operation table over the
// validator's definition (validatorOperations), never by openapi-backend's router.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

if (!process.argv[2]) throw new Error(`usage: node ${process.argv[1]} <a build folder holding tsc's compiled modules of src/>`);
const out = pathToFileURL(`${resolve(process.argv[2])}/`);
const { createBackend, validatorOperations } = await import(new URL('openapi/openapi-backend.js', out).href);
const { packageDefinition } = await import(new URL('openapi/spec-document.js', out).href);
const { MANIFEST_FILE, VALIDATORS_DIR, validatorsDirOf } = await import(new URL('openapi/precompiled-validators.js', out).href);

const require = createRequire(import.meta.url);
const standaloneCode = require('ajv/dist/standalone').default;
const { _ } = require('ajv/dist/compile/codegen');

async function precompile(which) {
  const instances = [];
  const backend = createBackend(
    // Generated code refers to the format checks by module, as the runtime ajv-formats plugin defines them.
    { code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } },
    (ajv) => instances.push(ajv),
    packageDefinition(which),
  );
  await backend.init();
  const dir = validatorsDirOf(which);
  mkdirSync(dir, { recursive: true });
  const manifest = {};
  for (const operation of validatorOperations(backend).operations) {
    // openapi-backend makes a fresh Ajv instance for each validator it compiles, just before compiling it.
    const first = instances.length;
    const validators = backend.validator.buildRequestValidatorsForOperation(operation) ?? [];
    const made = instances.slice(first);
    if (made.length !== validators.length) throw new Error(`${operation.operationId}: ${validators.length} validators, ${made.length} Ajv instances`);
    validators.forEach((validate, index) => {
      writeFileSync(`${dir}${operation.operationId}-${index}.cjs`, standaloneCode(made[index], validate));
    });
    manifest[operation.operationId] = validators.length;
  }
  writeFileSync(`${dir}${MANIFEST_FILE}`, JSON.stringify(manifest, null, 2));
  console.log(`precompiled the request validators of ${Object.keys(manifest).length} ${which} operations into ${dir}`);
}

rmSync(VALIDATORS_DIR, { recursive: true, force: true });
await precompile('service');
await precompile('admin');
