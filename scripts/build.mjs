// `npm run build`: src/ → dist/: the declarations (compiled by an incremental `tsc -b`), the documents as JSON
// (spec-to-json.mjs) and dereferenced (dereference-specs.mjs), the built-in scenarios validated (validate-scenarios.mjs),
// the request validators of both documents precompiled (precompile-validators.mjs), the files of Swagger UI that
// /docs serves copied (copy-swagger-ui.mjs), and the code: the command line and the programmatic API bundled
// into dist/bundle/, sharing one copy of the server (bundle-server.mjs). tsc's compiled modules are for the build
// steps only, which run them from the staging folder: none reaches dist/, so the package holds the server once.
// Everything is built in a staging folder first, then moved into dist/ file by file:
// a rename replaces a file atomically, so a mock running
// from dist/ never finds a file missing or half written, and a failed build leaves dist/ as it was. The stamp,
// written last, is what build-if-stale.mjs compares the sources with.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const STAMP = join(DIST, '.build-stamp');

const run = (...args) => execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });

/** Every file under `dir`, relative to it. */
function filesUnder(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path, base) : [relative(base, path)];
  });
}

/** The bundle's entry points, which import its chunks: moved in last, once the chunks they name are in place. */
const isEntry = (file) => /^bundle\/[^/]+\.js$/.test(file) && !file.startsWith('bundle/chunk-');

/** Move every built file into dist/, then remove what the build no longer makes (and folders left empty). */
function publish(staging) {
  const built = new Set(filesUnder(staging).sort((a, b) => Number(isEntry(a)) - Number(isEntry(b))));
  for (const file of built) {
    mkdirSync(join(DIST, file, '..'), { recursive: true });
    renameSync(join(staging, file), join(DIST, file));
  }
  for (const file of filesUnder(DIST)) if (!built.has(file)) rmSync(join(DIST, file));
  removeEmptyFolders(DIST);
}

function removeEmptyFolders(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) removeEmptyFolders(join(dir, entry.name));
  if (dir !== DIST && readdirSync(dir).length === 0) rmdirSync(dir);
}

/**
 * `tsc -b tsconfig.build.json`: incremental, into .tsbuild/src (nothing to do when `npm run typecheck` just built
 * it, or when no source changed), then what the current sources make is copied to the staging folder. Copied, not
 * moved, so the next build finds its outputs; only the current sources', so a deleted module's leftovers in
 * .tsbuild/ never reach dist/. Returns the compiled modules (not the declarations), which the build steps import
 * from the staging folder, the depth of dist/ below the package root, so they find the package's files and write
 * their outputs beside that code (src/platform/package-files.ts).
 */
function compileSources(staging) {
  run(createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json');
  const emitted = join(ROOT, '.tsbuild', 'src');
  const modules = [];
  for (const source of filesUnder(join(ROOT, 'src')).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))) {
    const [code, declarations] = [source.replace(/\.ts$/, '.js'), source.replace(/\.ts$/, '.d.ts')];
    for (const output of [code, declarations]) {
      mkdirSync(join(staging, output, '..'), { recursive: true });
      copyFileSync(join(emitted, output), join(staging, output));
    }
    modules.push(code);
  }
  return modules;
}

// A sibling of dist/: the same file system (so a rename moves), and the same depth below the package root (so the
// built code finds spec/ and scenarios/ from the staging folder as it will from dist/).
const staging = mkdtempSync(join(ROOT, '.build-'));
try {
  const compiled = compileSources(staging);
  run('scripts/spec-to-json.mjs', staging);
  run('scripts/validate-scenarios.mjs', staging);
  run('scripts/draw-default-dataset.mjs', staging);
  run('scripts/dereference-specs.mjs', staging);
  run('scripts/precompile-validators.mjs', staging);
  run('scripts/copy-swagger-ui.mjs', staging);
  // The steps are done with the compiled modules: the bundle is the package's one copy of the code.
  for (const file of compiled) rmSync(join(staging, file));
  run('scripts/bundle-server.mjs', staging);
  mkdirSync(DIST, { recursive: true });
  publish(staging);
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
