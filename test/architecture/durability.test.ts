/** One way a change becomes durable and then visible: `applyChange` (src/store/apply-change.ts) is the only caller of `store.commit` outside the store's own persistence. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

const files = sourceFiles(SRC).map((file) => ({ module: relative(SRC, file), text: readFileSync(file, 'utf8') }));

describe('durability', () => {
  it('store.commit is called from one place in src/ (outside the persistence modules): applyChange', () => {
    const calls = files
      .filter(({ module }) => !module.startsWith('store/') || module === 'store/apply-change.ts')
      .flatMap(({ module, text }) => [...text.matchAll(/\.commit\(/g)].map(() => module));
    expect(calls).toEqual(['store/apply-change.ts']);
  });
});
