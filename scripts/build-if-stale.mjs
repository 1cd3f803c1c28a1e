// `npm start` (prestart) and `npm run bench` (prebench): build only when dist/ is missing or older than what it is
// built from, so a start after a build costs what `node bin/commerce-mock.js start` costs.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(ROOT, 'dist', '.build-stamp');
/** What scripts/build.mjs reads. */
const SOURCES = ['src', 'spec', 'scenarios', 'scripts/build.mjs', 'scripts/spec-to-json.mjs', 'scripts/precompile-validators.mjs', 'scripts/dereference-specs.mjs', 'scripts/bundle-server.mjs', 'scripts/copy-swagger-ui.mjs', 'tsconfig.json', 'tsconfig.build.json'];

/** The most recently modified file or folder under `path` (a folder's time changes when a file is removed). */
function newest(path) {
  const stat = statSync(path);
  const self = { path, mtimeMs: stat.mtimeMs };
  if (!stat.isDirectory()) return self;
  return readdirSync(path)
    .map((name) => newest(join(path, name)))
    .reduce((a, b) => (b.mtimeMs > a.mtimeMs ? b : a), self);
}

function staleReason() {
  if (!existsSync(STAMP)) return 'dist/ has not been built';
  const built = statSync(STAMP).mtimeMs;
  const changed = SOURCES.map((source) => newest(join(ROOT, source))).find((source) => source.mtimeMs > built);
  return changed && `${relative(ROOT, changed.path)} changed since the last build`;
}

const reason = staleReason();
if (reason) {
  process.stderr.write(`commerce-mock: building (${reason})\n`);
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
}
