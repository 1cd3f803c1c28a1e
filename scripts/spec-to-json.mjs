// Build step (scripts/build.mjs passes the folder it builds in, dist/ by default): spec/openapi.yaml →
// dist/openapi.json (and spec/admin.yaml → dist/admin.json), which the compiled server reads (JSON.parse takes
// about 2 ms where the YAML parser takes about 200 ms). Plain JavaScript, so a build needs nothing but node. (The
// built-in scenarios are validated and written by validate-scenarios.mjs.)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const out = pathToFileURL(`${resolve(process.argv[2] ?? 'dist')}/`);

for (const name of ['openapi', 'admin']) {
  const source = new URL(`../spec/${name}.yaml`, import.meta.url);
  const target = new URL(`${name}.json`, out);
  mkdirSync(new URL('.', target), { recursive: true });
  writeFileSync(target, JSON.stringify(parse(readFileSync(source, 'utf8'))));
}

