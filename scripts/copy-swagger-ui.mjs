// Build step (scripts/build.mjs passes its staging folder, which holds tsc's compiled modules): the files of
// swagger-ui-dist that the /docs page loads (SWAGGER_UI_FILES of src/platform/package-files.ts), and its licence,
// copied into dist/swagger-ui/. swagger-ui-dist is a dev dependency: installing it would run its @scarf/scarf telemetry install
// script on every user's machine, and the page needs five of its files.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

if (!process.argv[2]) throw new Error(`usage: node ${process.argv[1]} <a build folder holding tsc's compiled modules of src/>`);
const out = pathToFileURL(`${resolve(process.argv[2])}/`);
const { BUILT, SWAGGER_UI_FILES } = await import(new URL('platform/package-files.js', out).href);
const from = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

mkdirSync(BUILT.swaggerUi, { recursive: true });
for (const name of SWAGGER_UI_FILES) copyFileSync(join(from, name), join(BUILT.swaggerUi, name));
console.log(`copied ${SWAGGER_UI_FILES.length} files of swagger-ui-dist into ${BUILT.swaggerUi}`);
