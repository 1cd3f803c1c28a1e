// Build step (scripts/build.mjs passes the folder it builds in, dist/ by default): the command line, the server
// and the packages every start loads (START_PATH_PACKAGES, with their own dependencies) bundled into one module,
// dist/bundle/cli.js, which bin/commerce-mock.js runs: one file to load instead of about 250 (zod alone is 95
// files), which measured about 60 ms less start-up CPU than bundling our code alone. Every other package stays in
// node_modules as installed: those loaded on demand (openapi-backend and Ajv's compiler, the YAML parser, the
// dereferencer, pact with its native library: see docs/development.md, "The start path"). Bundled CommonJS packages
// require Node's own modules through the `require` the banner makes. The bundle sits one folder below dist/, as every compiled module does, so
// the package's files are found from it by the same relative paths (src/platform/package-files.ts).
// dist/index.js (the programmatic API) stays the unbundled build.
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

const out = resolve(process.argv[2] ?? 'dist');
await build({
  entryPoints: [new URL('../src/cli/cli.ts', import.meta.url).pathname],
  outfile: `${out}/bundle/cli.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  plugins: [startPathOnly],
  banner: { js: "import { createRequire as createBundleRequire } from 'node:module'; const require = createBundleRequire(import.meta.url);" },
});
