// Build step (scripts/build.mjs passes the folder it builds in, dist/ by default): spec/openapi.yaml →
// dist/openapi.json (and spec/admin.yaml → dist/admin.json; the built-in scenarios/*.yaml →
// dist/built-in-scenarios.json, as parsed, validated when loaded), which the compiled server reads (JSON.parse
// takes about 2 ms where the YAML parser takes about 200 ms). Plain JavaScript, so a build needs nothing but node.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

const scenarios = new URL('../scenarios/', import.meta.url);
const builtIn = Object.fromEntries(
  readdirSync(scenarios)
    .filter((file) => /\.(ya?ml|json)$/.test(file) && !file.endsWith('.schema.json'))
    .sort()
    .map((file) => [file, parse(readFileSync(new URL(file, scenarios), 'utf8'))]),
);
writeFileSync(new URL('built-in-scenarios.json', out), JSON.stringify(builtIn));
