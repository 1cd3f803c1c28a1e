// `npm run build`: src/ → dist/ (code and declarations, compiled by an incremental `tsc -b`), the documents as JSON
// (spec-to-json.mjs) and dereferenced (dereference-specs.mjs), the built-in scenarios validated (validate-scenarios.mjs),
// the request validators of both documents precompiled (precompile-validators.mjs), the files of Swagger UI that
// /docs serves copied (copy-swagger-ui.mjs), and the server bundled in one file
// that bin runs (bundle-server.mjs). Everything is built in a staging folder first, then moved into dist/ file by file:
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

/** Move every built file into dist/, then remove what the build no longer makes (and folders left empty). */
function publish(staging) {
  const built = new Set(filesUnder(staging));
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
 * .tsbuild/ never reach dist/.
 */
function compileSources(staging) {
  run(createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json');
  const emitted = join(ROOT, '.tsbuild', 'src');
  for (const source of filesUnder(join(ROOT, 'src')).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))) {
    for (const output of [source.replace(/\.ts$/, '.js'), source.replace(/\.ts$/, '.d.ts')]) {
      mkdirSync(join(staging, output, '..'), { recursive: true });
      copyFileSync(join(emitted, output), join(staging, output));
    }
  }
}

// A sibling of dist/: the same file system (so a rename moves), and the same depth below the package root (so the
// built code finds spec/ and scenarios/ from the staging folder as it will from dist/).
const staging = mkdtempSync(join(ROOT, '.build-'));
try {
  compileSources(staging);
  run('scripts/spec-to-json.mjs', staging);
  run('scripts/validate-scenarios.mjs', staging);
  run('scripts/dereference-specs.mjs', staging);
  run('scripts/precompile-validators.mjs', staging);
  run('scripts/copy-swagger-ui.mjs', staging);
  run('scripts/bundle-server.mjs', staging);
  mkdirSync(DIST, { recursive: true });
  publish(staging);
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
