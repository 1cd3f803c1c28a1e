/** docs/architecture.md is the map of the code: every path it names exists, and its folder table is the tree's. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAP = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');

/** Every `src/…` or `test/…` path the page quotes (a function name after the path is not part of it). */
const namedPaths = [...new Set([...MAP.matchAll(/`((?:src|test)\/[\w./-]*)/g)].map((found) => found[1] ?? ''))];

describe('docs/architecture.md', () => {
  it('names many paths, and every one exists', () => {
    expect(namedPaths.length).toBeGreaterThan(40);
    expect(namedPaths.filter((path) => !existsSync(`${ROOT}${path}`))).toEqual([]);
  });

  it('its folder table lists every folder of src/, in the layer test order, and nothing else', async () => {
    const tableFolders = [...MAP.matchAll(/^\| +\d+ \| `src\/([\w-]+)\/` \|/gm)].map((found) => found[1]);
    const onDisk = readdirSync(`${ROOT}src`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect([...tableFolders].sort()).toEqual([...onDisk].sort());
    const { FOLDERS } = await import('../support/layers.ts');
    expect(tableFolders).toEqual([...FOLDERS]);
  });

  it('says which folders of src/ have no test folder of their own, and where they are tested', () => {
    const folders = (dir: string) => readdirSync(`${ROOT}${dir}`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const tested = new Set(folders('test'));
    const untested = folders('src').filter((folder) => !tested.has(folder));
    const tests = MAP.slice(MAP.indexOf('## Tests'));
    const exceptions = tests.slice(0, tests.indexOf('A few folders test the'));
    const named = [...exceptions.matchAll(/`src\/([\w-]+)\/` (?:and `src\/([\w-]+)\/` )?through/g)].flatMap((found) => [found[1], found[2]].filter(Boolean));
    expect(named.sort()).toEqual(untested.sort());
  });

  it('answers each "where is" question in one hop: a path that exists', () => {
    const rows = MAP.slice(MAP.indexOf('## Where is')).split('\n').filter((line) => line.startsWith('| where'));
    expect(rows.length).toBeGreaterThanOrEqual(14);
    for (const row of rows) expect(row, row).toMatch(/`src\/[\w./-]+`/);
  });
});
