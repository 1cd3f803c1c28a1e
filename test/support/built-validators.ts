/**
 * The request validators `npm run build` precompiles into dist/validators/ (what the server loads), for the test
 * suite's routers: loading one costs about 2 ms where compiling it costs 20–60 ms, and the suite then exercises
 * the validators the package ships. Only when the build is newer than everything they are made from (a developer
 * who edits the document and runs vitest without building gets validators compiled from the sources instead);
 * test/openapi/precompiled-validators.test.ts checks that both judge every request alike.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST_VALIDATORS = join(ROOT, 'dist', 'validators/');
/** What scripts/precompile-validators.mjs reads to make them (Ajv's version comes with the lock file). */
const MADE_FROM = ['spec/openapi.yaml', 'src/openapi', 'scripts/precompile-validators.mjs', 'package-lock.json'];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/** dist/validators/ when it is fresh, else undefined (the router then compiles each validator on first use). */
export function builtValidatorsDir(): string | undefined {
  const manifest = join(DIST_VALIDATORS, 'manifest.json');
  if (!existsSync(manifest)) return undefined;
  const built = statSync(manifest).mtimeMs;
  return MADE_FROM.every((source) => newestChange(join(ROOT, source)) < built) ? DIST_VALIDATORS : undefined;
}
