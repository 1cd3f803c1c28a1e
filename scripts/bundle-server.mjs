// Build step (scripts/build.mjs passes the folder it builds in, dist/ by default): the package's code, bundled once.
// The command line (src/cli/cli.ts → dist/bundle/cli.js, which bin/commerce-mock.js runs) and the programmatic API
// (src/index.ts → dist/bundle/index.js, the package's `exports`) are built together with code splitting: what
// both use (the server) lands in shared chunks beside them (dist/bundle/chunk-*.js), so the package holds it once.
// The packages every start loads (START_PATH_PACKAGES, with their own dependencies) are bundled too: a few files
// to load instead of about 250 (zod alone is 95 files), which measured about 60 ms less start-up CPU than bundling
// our code alone. Every other package stays in node_modules as installed: those loaded on demand (openapi-backend
// and Ajv's compiler, the YAML parser, the dereferencer, pact with its native library: see bench/experiments.md,
// "The start path"). Bundled CommonJS packages require Node's own modules through the `require` the banner makes
// (in every output file). Entries and chunks all sit in one folder one level below dist/, as the compiled modules
// did, so the package's files are found from any of them by the same relative paths
// (src/platform/package-files.ts). The source maps (external, no comment in the code; not shipped) let
// bench/profile-hot-path.ts name the module of every sample.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const START_PATH_PACKAGES = new Set(['zod', 'express', '@faker-js/faker', 'commander', 'eta', 'lowdb']);

/** A package our code imports is bundled when it is on the start path; a bundled package's own imports are bundled. */
const startPathOnly = {
  name: 'start-path-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.importer.includes('/node_modules/')) return undefined;
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      return START_PATH_PACKAGES.has(name) ? undefined : { external: true };
    });
  },
};

/** A bundle's plugin: each package named in `stubs` is replaced by the CommonJS code given for it. */
const stubbed = (stubs) => ({
  name: 'stubbed-packages',
  setup(build) {
    const names = Object.keys(stubs).map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({ path: args.path, namespace: 'stub' }));
    build.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => ({ loader: 'js', contents: stubs[args.path] }));
  },
});

// Express 5 loads, as it loads, two packages the mock never calls: body-parser (for `express.json()` and its
// siblings; it loads iconv-lite's tables) and qs (the "extended" query parser; the mock keeps Express's "simple" one,
// Node's querystring). About 700 KiB of the bundle to compile at every start: in the bundle they are stubs that
// refuse, as the ref-parser's below.
const refusing = (message) => `(name) => () => { throw new Error(${JSON.stringify(message)}.replace('NAME', name)); }`;
const unusedByExpress = stubbed({
  'body-parser': `const refuse = ${refusing('express.NAME() is not in commerce-mock: the mock reads request bodies itself')};
    module.exports = { json: refuse('json'), raw: refuse('raw'), text: refuse('text'), urlencoded: refuse('urlencoded') };`,
  qs: `const refuse = ${refusing('qs.NAME is not in commerce-mock: Express parses queries with its "simple" parser here')};
    module.exports = { parse: refuse('parse'), stringify: refuse('stringify') };`,
});

// Express loads mime-types, and mime-types indexes all of mime-db (2 500 types, 230 KiB) at load. The mock sends
// files of a few kinds only (its pages, the console's scripts and styles, Swagger UI's files, its documents): the
// bundle keeps the types of the web's common extensions, each entry as mime-db has it. A file of another kind is
// sent as `application/octet-stream`, as for any extension mime-db does not know.
const SERVED_EXTENSIONS = new Set(['html', 'htm', 'css', 'js', 'mjs', 'json', 'map', 'png', 'svg', 'ico', 'jpg', 'jpeg', 'gif', 'webp', 'txt', 'md', 'yaml', 'yml', 'xml', 'woff', 'woff2', 'ttf', 'otf', 'pdf', 'wasm', 'csv']);
const servedMimeTypes = {
  name: 'served-mime-types',
  setup(build) {
    build.onLoad({ filter: /[\\/]mime-db[\\/]db\.json$/ }, async (args) => {
      const db = JSON.parse(await readFile(args.path, 'utf8'));
      const kept = Object.fromEntries(Object.entries(db).filter(([, entry]) => entry.extensions?.some((extension) => SERVED_EXTENSIONS.has(extension))));
      return { loader: 'json', contents: JSON.stringify(kept) };
    });
  },
};

const out = resolve(process.argv[2] ?? 'dist');
const source = (path) => new URL(`../src/${path}`, import.meta.url).pathname;
await build({
  entryPoints: { cli: source('cli/cli.ts'), index: source('index.ts') },
  outdir: `${out}/bundle`,
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  sourcemap: 'external',
  sourcesContent: false,
  plugins: [unusedByExpress, servedMimeTypes, startPathOnly],
  banner: { js: "import { createRequire as createBundleRequire } from 'node:module'; const require = createBundleRequire(import.meta.url);" },
});
await asciiOnly(`${out}/bundle`);

/**
 * Node decodes a module's file into one string, and V8 keeps that string as long as the module lives: one byte a
 * character while every character is Latin-1, two bytes each once a single one is not. esbuild writes strings,
 * templates and regular expressions as ASCII (its default charset) but keeps some comments as written, and one "—"
 * in a comment made a whole chunk two bytes a character. Written as ASCII, the two largest chunks decode in about
 * half the time and the mock holds about 1 MiB less at rest (bench/experiments.md, "The start path"). Every character
 * past ASCII left in the output, in comments as esbuild leaves nothing else, is written as its `\u` escape, which
 * would mean the same character in a string, a template, a regular expression or an identifier.
 */
async function asciiOnly(folder) {
  for (const file of await readdir(folder)) {
    if (!file.endsWith('.js')) continue;
    const code = await readFile(`${folder}/${file}`, 'utf8');
    const ascii = code.replace(/[^\0-\x7f]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (ascii !== code) await writeFile(`${folder}/${file}`, ascii);
  }
}

// openapi-backend, with its own dependencies, in one CommonJS file (dist/vendor/openapi-backend.cjs, which
// src/openapi/openapi-backend.ts loads when built), so the package does not install it: its
// @apidevtools/json-schema-ref-parser 16 declares Node >= 22.19, and every install on Node 20 printed EBADENGINE.
// The mock never calls the ref-parser: it hands openapi-backend dereferenced document objects in quick mode, where
// only `parse` is called, and its result is unused. The stub answers that call and refuses any other. Ajv stays
// outside: the precompiled validators load its runtime from node_modules, and one copy serves both.
const refParserStub = stubbed({
  '@apidevtools/json-schema-ref-parser': `
    const refuse = (name) => () => Promise.reject(new Error('json-schema-ref-parser.' + name + ' is not in commerce-mock: openapi-backend is given dereferenced document objects'));
    const parse = (document) => (typeof document === 'object' && document !== null ? Promise.resolve(document) : refuse('parse')());
    module.exports = { __esModule: true, default: { parse, dereference: refuse('dereference'), resolve: refuse('resolve') } };`,
});

await build({
  entryPoints: [createRequire(import.meta.url).resolve('openapi-backend')],
  outfile: `${out}/vendor/openapi-backend.cjs`,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  external: ['ajv', 'ajv/*'],
  plugins: [refParserStub],
});
