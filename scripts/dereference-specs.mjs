// Build step, after tsc and spec-to-json.mjs (scripts/build.mjs passes the folder it builds in, dist/ by default):
// the two documents dereferenced as the router needs them (dist/openapi.dereferenced.json, dist/admin.dereferenced.json),
// with the compiled code's own function, so the server does not dereference at every start.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const out = pathToFileURL(`${resolve(process.argv[2] ?? 'dist')}/`);
const { dereferencedCopy, loadAdminDocument, loadSpecDocument } = await import(new URL('openapi/spec-document.js', out).href);
const { BUILT } = await import(new URL('platform/package-files.js', out).href);

writeFileSync(BUILT.openapiDereferenced, JSON.stringify(dereferencedCopy(loadSpecDocument())));
writeFileSync(BUILT.adminDereferenced, JSON.stringify(dereferencedCopy(loadAdminDocument())));
