// The consumer project of scripts/test-package.mjs: one folder, one `npm install`, several users' set-ups. Its root
// is scripts/package-test/consumer/ (strict tsconfigs for `module: nodenext` and `moduleResolution: bundler`, a
// CommonJS script); each example of examples/ is copied into a subfolder of its own (its package.json says whether
// its files are ES modules or CommonJS), and resolves packages from the root's node_modules. The root installs the
// tarball, TypeScript (the repository's version) and every example's devDependencies.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const EXAMPLES = ['vitest', 'jest', 'oauth'];

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** Lays the project out in `dir` and returns the devDependencies it installs. */
export function layOutConsumer(root, dir, tarball, extra = {}) {
  cpSync(join(root, 'scripts', 'package-test', 'consumer'), dir, { recursive: true });
  const devDependencies = { typescript: readJson(join(root, 'package.json')).devDependencies.typescript, ...extra };
  for (const example of EXAMPLES) {
    const from = join(root, 'examples', example);
    cpSync(from, join(dir, example), { recursive: true, filter: (path) => !/\/(node_modules|package-lock\.json)/.test(path.slice(from.length)) });
    Object.assign(devDependencies, readJson(join(from, 'package.json')).devDependencies);
  }
  devDependencies['commerce-mock'] = `file:${tarball}`;
  const manifest = readJson(join(dir, 'package.json'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...manifest, devDependencies }, null, 2));
  return devDependencies;
}
