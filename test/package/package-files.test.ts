/** The package ships every file the server reads at run time: each path of package-files.ts is in `files`. */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT, SHIPPED } from '../../src/platform/package-files.ts';

const { files, exports, types, bin } = JSON.parse(readFileSync(SHIPPED.packageJson, 'utf8')) as {
  files: string[];
  exports: { '.': Record<string, string> };
  types: string;
  bin: Record<string, string>;
};
const shipped = (path: string) => files.some((entry) => !entry.startsWith('!') && `${path}/`.startsWith(entry.endsWith('/') ? entry : `${entry}/`));

describe('package files', () => {
  it.each(Object.entries(SHIPPED).filter(([name]) => name !== 'packageJson'))('%s exists and is in package.json files', (_name, path) => {
    const inPackage = relative(PACKAGE_ROOT, path);
    expect(existsSync(path)).toBe(true);
    expect(shipped(inPackage), `${inPackage} is not in files: ${files.join(', ')}`).toBe(true);
  });

  it('ships the build, and no TypeScript source folder as a whole', () => {
    expect(shipped('dist/bundle/cli.js')).toBe(true);
    expect(shipped('src/cli/cli.ts')).toBe(false);
    expect(shipped('test/cli/commands.test.ts')).toBe(false);
  });

  it('the entry points (bin, exports, types) are the bundle and its declarations, each shipped', () => {
    expect(exports['.']).toEqual({ types: './dist/index.d.ts', import: './dist/bundle/index.js', require: './dist/bundle/index.js', default: './dist/bundle/index.js' });
    expect(types).toBe(exports['.'].types);
    for (const path of [...Object.values(exports['.']), ...Object.values(bin)]) expect(shipped(path.replace(/^\.\//, '')), path).toBe(true);
  });
});
