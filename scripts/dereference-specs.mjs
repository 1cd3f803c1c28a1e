// Build step, after tsc and spec-to-json.mjs (scripts/build.mjs passes its staging folder, which holds tsc's compiled
// modules): the two documents dereferenced as the validator needs them, a copy per use of each component
// (dist/openapi.dereferenced.json, dist/admin.dereferenced.json), with the compiled code's own resolver
// (src/openapi/references.ts), so no run dereferences them again.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

if (!process.argv[2]) throw new Error(`usage: node ${process.argv[1]} <a build folder holding tsc's compiled modules of src/>`);
const out = pathToFileURL(`${resolve(process.argv[2])}/`);
const { loadAdminDocument, loadSpecDocument } = await import(new URL('openapi/spec-document.js', out).href);
const { expandedCopy } = await import(new URL('openapi/references.js', out).href);
const { BUILT } = await import(new URL('platform/package-files.js', out).href);

writeFileSync(BUILT.openapiDereferenced, JSON.stringify(expandedCopy(loadSpecDocument())));
writeFileSync(BUILT.adminDereferenced, JSON.stringify(expandedCopy(loadAdminDocument())));
