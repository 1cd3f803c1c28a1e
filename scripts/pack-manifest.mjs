// The package.json a packed tarball carries: the repository's, less its `prepare` script. `prepare` builds dist/
// when the package is installed from a git URL (npm runs it in the clone before packing it); a tarball already
// holds dist/, and npm 11 warns every consumer of a package that declares `prepare` ("install scripts not yet
// covered by allowScripts"). `npm pack` and `npm publish` run `strip` as part of prepack and `restore` as postpack;
// a pack that failed in between is undone by the next `strip` or `restore`.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MANIFEST = join(ROOT, 'package.json');
const KEPT = join(ROOT, '.package.json.repository');

function restore() {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
}

function strip() {
  restore();
  const text = readFileSync(MANIFEST, 'utf8');
  const manifest = JSON.parse(text);
  delete manifest.scripts.prepare;
  writeFileSync(KEPT, text);
  // Replaced whole (a rename), never rewritten in place: a reader of package.json meanwhile (a test running beside
  // the package check in CI) sees one file or the other, never half of one.
  writeFileSync(`${MANIFEST}.packing`, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(`${MANIFEST}.packing`, MANIFEST);
}

const [command] = process.argv.slice(2);
if (command === 'strip') strip();
else if (command === 'restore') restore();
else {
  process.stderr.write('usage: node scripts/pack-manifest.mjs strip|restore\n');
  process.exit(2);
}
