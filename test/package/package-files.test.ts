/** The package ships every file the server reads at run time: each path of package-files.ts is in `files`. */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT, SHIPPED } from '../../src/platform/package-files.ts';

const { files } = JSON.parse(readFileSync(SHIPPED.packageJson, 'utf8')) as { files: string[] };
const shipped = (path: string) => files.some((entry) => !entry.startsWith('!') && `${path}/`.startsWith(entry.endsWith('/') ? entry : `${entry}/`));

describe('package files', () => {
  it.each(Object.entries(SHIPPED).filter(([name]) => name !== 'packageJson'))('%s exists and is in package.json files', (_name, path) => {
    const inPackage = relative(PACKAGE_ROOT, path);
    expect(existsSync(path)).toBe(true);
    expect(shipped(inPackage), `${inPackage} is not in files: ${files.join(', ')}`).toBe(true);
  });

  it('ships the build, and no TypeScript source folder as a whole', () => {
    expect(shipped('dist/cli/cli.js')).toBe(true);
    expect(shipped('dist/bundle/cli.js')).toBe(true);
    expect(shipped('src/cli/cli.ts')).toBe(false);
    expect(shipped('test/cli/commands.test.ts')).toBe(false);
  });
});
