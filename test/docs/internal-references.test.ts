/**
 * Neither the pages a user reads nor the code a contributor reads name an internal issue or pull request: a number
 * means nothing outside the team's tracker. Checked: README.md, CHANGELOG.md, docs/, and every text file of the
 * sources, tests, benchmarks, scripts, documents, examples, scenarios and CI, and the root's configuration (this
 * file aside: its examples are the pattern's).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const PAGES = ['README.md', ...readdirSync(new URL('docs/', ROOT)).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const CODE_FOLDERS = ['src', 'test', 'bench', 'scripts', 'bin', 'spec', 'examples', 'scenarios', '.ci'];
const ROOT_FILES = ['package.json', 'Dockerfile', 'compose.yaml', 'redocly.yaml', 'vitest.config.ts'];
const TEXT = /\.(?:ts|mts|js|mjs|cjs|json|ya?ml|md|css|html|eta|sh|txt)$|^run$/;
const THIS_FILE = new URL(import.meta.url).pathname;

/** Every text file under the folders, by its path from the repository's root (an example's installed packages aside). */
function textFiles(folders: string[]): string[] {
  return folders
    .flatMap((folder) => (readdirSync(new URL(`${folder}/`, ROOT), { recursive: true }) as string[]).map((path) => `${folder}/${path}`))
    .filter((path) => !path.split(/[\\/]/).includes('node_modules') && TEXT.test(basename(path)))
    .filter((path) => statSync(new URL(path, ROOT)).isFile() && new URL(path, ROOT).pathname !== THIS_FILE);
}

/** `issue 21`, `issues 3 and 4`, `Issue #7`, `PR 12`, `#38` (not an anchor such as `(#tenants)`, nor an HTML entity such as `&#8212;`). */
const INTERNAL_REFERENCE = /\b(?:issues?|PR|pull request) #?\d+|(?<![\w&/#])#\d+\b/gi;

/** Each internal reference in the file, as `path:line: reference`. */
function referencesIn(path: string): string[] {
  const lines = readFileSync(new URL(path, ROOT), 'utf8').split('\n');
  return lines.flatMap((line, index) => [...line.matchAll(INTERNAL_REFERENCE)].map((match) => `${path}:${index + 1}: ${match[0]}`));
}

describe('internal references', () => {
  it.each([...PAGES, 'CHANGELOG.md'])('%s names no issue number', (page) => {
    expect(referencesIn(page)).toEqual([]);
  });

  it('the sources, tests, benchmarks, scripts, documents and CI name no issue number', () => {
    const files = [...textFiles(CODE_FOLDERS), ...ROOT_FILES];
    expect(files).toContain('src/domain/webhook-url.ts');
    expect(files).toContain('bench/results.md');
    expect(files).toContain('.ci/run');
    expect(files).not.toContain('test/docs/internal-references.test.ts');
    expect(files.flatMap(referencesIn)).toEqual([]);
  });

  it('the pattern finds what it is meant to, and leaves anchors and entities alone', () => {
    expect('as issue 21 said; issues 3; Issue #7; PR 12; see #38.'.match(INTERNAL_REFERENCE)).toEqual(['issue 21', 'issues 3', 'Issue #7', 'PR 12', '#38']);
    expect('[Tenants](admin-api.md#tenants) &#8212; a tissue 3 cm; 4 pull requests'.match(INTERNAL_REFERENCE)).toBeNull();
  });
});
