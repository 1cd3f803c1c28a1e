// Build step (scripts/build.mjs passes the folder it builds in, dist/ by default): the command line and the server
// bundled into one module, dist/bundle/cli.js, which bin/commerce-mock.js runs: one file to load instead of about
// 150, a fifth less start-up CPU. The dependencies stay outside (node_modules, as installed). The bundle sits one
// folder below dist/, as every compiled module does, so the package's files are found from it by the same relative
// paths (src/platform/package-files.ts). dist/index.js (the programmatic API) stays the unbundled build.
import { resolve } from 'node:path';
import { build } from 'esbuild';

const out = resolve(process.argv[2] ?? 'dist');
await build({
  entryPoints: [new URL('../src/cli.ts', import.meta.url).pathname],
  outfile: `${out}/bundle/cli.js`,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
