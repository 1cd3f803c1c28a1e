/** docs/architecture.md is the map of the code: every path it names exists, and its folder table is the tree's. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';

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

  it("its stage list is the app's, in order", async () => {
    let names: string[] = [];
    await createTestApp({}, { stages: (defaults) => ((names = defaults.map((stage) => stage.name)), defaults) });
    const section = MAP.slice(MAP.indexOf('## The stage list'));
    const block = section.slice(section.indexOf('```\n') + 4, section.indexOf('\n```', section.indexOf('```\n') + 4));
    expect(names.length).toBeGreaterThan(8);
    expect(block.split(/→|\s+/).filter(Boolean)).toEqual(names);
  });

  it('its Tests section names every folder of test/ that mirrors no folder of src/', () => {
    const tests = MAP.slice(MAP.indexOf('## Tests'));
    const folders = (dir: string) => readdirSync(`${ROOT}${dir}`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const mirrors = new Set(folders('src'));
    const whole = folders('test').filter((folder) => !mirrors.has(folder));
    expect(whole.length).toBeGreaterThan(5);
    expect(whole.filter((folder) => !tests.includes(`\`test/${folder}/\``))).toEqual([]);
  });

  it('its error-catalogue row names every module of src/errors/', () => {
    const row = MAP.split('\n').find((line) => line.includes('`src/errors/`')) ?? '';
    const modules = readdirSync(`${ROOT}src/errors`).filter((name) => name.endsWith('.ts'));
    expect(modules.filter((name) => !row.includes(`\`${name}\``))).toEqual([]);
  });
});
