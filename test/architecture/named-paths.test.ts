/**
 * Every file a comment of src/ or a document (README.md, docs/) names exists: a path from the repository's root
 * (`src/…`, `test/…`, `spec/…`), a path relative to the comment's file (`../server/app-listener.ts`) or to the
 * document (a link `](../scenarios/…)`), a module named from src/ (`http/redact.ts`), and a bare
 * module name (`log-lines.ts`), which some file of the repository must carry. A quoted path is a value (a `$ref`, an import in an example), not a name of this repository's file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROOT_FOLDERS = 'src|test|docs|spec|scripts|bench|bin|examples';
const SRC_FOLDERS = readdirSync(join(ROOT, 'src'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const FROM_ROOT = new RegExp(`(?<![\\w./@'"-])((?:${ROOT_FOLDERS})/[\\w./-]*[\\w-])`, 'g');
/** A module named from src/ (`http/redact.ts`), as the documents and comments name most. */
const FROM_SRC = new RegExp(`(?<![\\w./@'"-])((?:${SRC_FOLDERS.join('|')})/[\\w./-]*\\.ts)\\b`, 'g');
const RELATIVE = /(?<![\w./@'"-])((?:\.\.?\/)+[\w./-]+\.(?:ts|js|mjs|json|yaml|md))\b/g;
const LINKED = /\]\(((?:\.\.?\/)+[\w./-]+[\w-])[)#]/g;
const BARE = /(?<![\w./@'"-])([a-z][\w-]*\.ts)\b/g;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : files(path);
    return [path];
  });
}

const REPO_FILES = ['src', 'test', 'scripts', 'bench', 'bin', 'examples'].flatMap((dir) => files(dir));
const MODULE_NAMES: ReadonlySet<string | undefined> = new Set(REPO_FILES.map((path) => path.split('/').at(-1)));

/** The comment text of a TypeScript file: block comment lines and what follows `//`. */
function commentText(text: string): string {
  return text
    .split('\n')
    .flatMap((line) => {
      const trimmed = line.trim();
      if (trimmed.startsWith('*') || trimmed.startsWith('/*') || trimmed.startsWith('//')) return [line];
      const at = line.indexOf(' // ');
      return at < 0 ? [] : [line.slice(at)];
    })
    .join('\n');
}

/** The paths `text` (of the file at `path`, from the root) names that no file or folder answers. */
function missingPaths(path: string, text: string, relativeNames: RegExp): string[] {
  const here = dirname(path);
  const matches = (pattern: RegExp) => [...text.matchAll(pattern)].map((found) => found[1] ?? '');
  return [
    ...matches(FROM_ROOT).filter((named) => !existsSync(join(ROOT, named))),
    ...matches(FROM_SRC).filter((named) => !existsSync(join(ROOT, 'src', named)) && !existsSync(join(ROOT, here, named))),
    ...matches(relativeNames).filter((named) => !existsSync(join(ROOT, here, named))),
    ...matches(BARE).filter((named) => !MODULE_NAMES.has(named) && !existsSync(join(ROOT, here, named))),
  ].map((named) => `${path}: ${named}`);
}

describe('paths named in comments and documents', () => {
  it('every path a comment of src/ names exists', () => {
    const sources = files('src').filter((path) => path.endsWith('.ts'));
    expect(sources.length).toBeGreaterThan(100);
    const missing = sources.flatMap((path) => missingPaths(path, commentText(readFileSync(join(ROOT, path), 'utf8')), RELATIVE));
    expect(missing).toEqual([]);
  });

  it('every path README.md and docs/ name exists', () => {
    const documents = ['README.md', ...files('docs').filter((path) => path.endsWith('.md'))];
    const named = documents.flatMap((path) => [...readFileSync(join(ROOT, path), 'utf8').matchAll(FROM_ROOT)]);
    expect(named.length).toBeGreaterThan(100);
    const missing = documents.flatMap((path) => missingPaths(path, readFileSync(join(ROOT, path), 'utf8'), LINKED));
    expect(missing).toEqual([]);
  });

  it('the check sees a missing path of each kind and passes quoted values', () => {
    const text = [
      ' * served from the listener (../app/app-listener.ts) and src/app/gone.ts, see journal.ts',
      " * `$ref: './openapi.yaml#/x'`, import from '../../src/x.ts', http://host/docs/y",
    ].join('\n');
    expect(missingPaths('src/http/x.ts', text, RELATIVE).map((line) => line.split(': ')[1])).toEqual([
      'src/app/gone.ts',
      '../app/app-listener.ts',
      'journal.ts',
    ]);
    expect(missingPaths('docs/x.md', '[schema](../scenarios/none.json) and [ok](../README.md)', LINKED)).toEqual(['docs/x.md: ../scenarios/none.json']);
  });
});
