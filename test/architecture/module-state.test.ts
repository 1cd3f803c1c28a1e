/**
 * Module-level state, the state every test file of a worker shares (vitest runs them one after another in one
 * process, `isolate: false`): in src/ it is held by one module, src/platform/process-cache.ts, which names each
 * cache with why sharing it is safe; in test/support/ the files that need it are listed here, with the reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROCESS_CACHES } from '../../src/platform/process-cache.ts';
import { sourceModules } from '../support/source-modules.ts';

/** test/support/ files that keep state across the test files of a worker, and why. */
const SHARED_TEST_SUPPORT: Record<string, string> = {
  'shared-router.ts': "one router of each document per worker: validators compile once per worker, and a router holds no app's state",
  'valid-requests.ts': 'Ajv compiled once; the seeded generator is seeded again by every generation, so no file sees another\'s draws',
  'example-cases.ts': 'compiled validators by schema object: the schemas are the documents\', read-only',
  'browser-tab.ts': 'one browser and one tab per browser worker: each test loads its own mock\'s page, and returnTab leaves the tab blank with no route, storage or size of the test',
};

/**
 * A module-level `let`, or a module-level const made a `Map`, `WeakMap` or `Set` (however it is filled). A set or map
 * typed `ReadonlySet`/`ReadonlyMap` is a constant table, not state: the compiler refuses a change to it.
 */
function moduleState(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /^(?:export )?let /.test(line) || /^(?:export )?const \w+(?::(?!\s*Readonly(?:Set|Map)\b)[^=]+)? = new (?:Weak)?(?:Map|Set)\b/.test(line));
}

describe('module-level state', () => {
  it('in src/, only platform/process-cache.ts holds any', () => {
    const holders = sourceModules().filter(({ text }) => moduleState(text).length > 0).map(({ module }) => module);
    expect(holders).toEqual(['platform/process-cache.ts']);
  });

  it('every cache of the process is named with why sharing it is safe, and used', () => {
    const texts = sourceModules().map(({ text }) => text).join('\n');
    for (const [name, reason] of Object.entries(PROCESS_CACHES)) {
      expect(reason.length, name).toBeGreaterThan(20);
      expect(new RegExp(`processCached(?:For)?(?:<[^>]*>)?\\(\\s*'${name}'`).test(texts), name).toBe(true);
    }
  });

  it('in test/support/, only the files listed with their reason hold any', () => {
    const dir = fileURLToPath(new URL('../support/', import.meta.url));
    const holders = readdirSync(dir).filter((name) => name.endsWith('.ts') && moduleState(readFileSync(`${dir}${name}`, 'utf8')).length > 0);
    expect(holders.sort()).toEqual(Object.keys(SHARED_TEST_SUPPORT).sort());
  });

  it('the check sees a module-level let, Map, WeakMap or Set, filled or not, and passes a readonly table', () => {
    expect(moduleState('let document: Record<string, unknown> | undefined;')).toHaveLength(1);
    expect(moduleState('const libraries = new Map<string, ScenarioLibrary>();')).toHaveLength(1);
    expect(moduleState('const prepared = new WeakMap<Operation, PreparedOperation>();')).toHaveLength(1);
    expect(moduleState("export const NAMES = new Set(['a', 'b']);")).toHaveLength(1);
    expect(moduleState("const FILES = new Map<string, string>([\n  ['a', 'b'],\n]);")).toHaveLength(1);
    expect(moduleState("const NAMES: ReadonlySet<string> = new Set(['a']);\nconst FILES: ReadonlyMap<string, string> = new Map([['a', 'b']]);")).toEqual([]);
    expect(moduleState('function f() {\n  let local = 1;\n  const seen = new Set();\n}')).toEqual([]);
  });
});
