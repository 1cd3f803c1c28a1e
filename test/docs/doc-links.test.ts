/**
 * The docs a user reads point only at what the repository holds: every relative link resolves to a file (and its
 * `#anchor` to a heading there), every file path quoted in backticks exists, and no page cites a file the
 * repository does not have.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { linksOf } from '../support/markdown-links.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const PAGES = ['README.md', 'CHANGELOG.md', ...markdownFiles('docs'), ...markdownFiles('examples'), 'scenarios/README.md', 'pacts/README.md'];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6} (.*)$/gm)) {
    const base = slug(heading ?? '');
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

describe('the docs a user reads', () => {
  it.each(PAGES)('%s: every relative link resolves, anchors included', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const broken = linksOf(text)
      .filter((link) => !/^(https?:|mailto:)/.test(link))
      .filter((link) => {
        const [path = '', anchor] = link.split('#');
        const target = path === '' ? join(ROOT, page) : resolve(ROOT, dirname(page), decodeURIComponent(path));
        if (!existsSync(target)) return true;
        if (anchor === undefined || statSync(target).isDirectory() || !target.endsWith('.md')) return false;
        return !anchorsOf(target).has(anchor);
      });
    expect(broken).toEqual([]);
  });

  it.each(PAGES)('%s: every repository path it quotes exists', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const quoted = [...text.matchAll(/`((?:src|test|docs|scripts|examples|spec|scenarios|pacts|bench|bin)\/[\w./-]*[\w/])`/g)].map((found) => found[1] ?? '');
    // A path is the repository's, or (in an example's README) the example's own.
    const missing = quoted.filter((path) => !path.includes('*') && !existsSync(join(ROOT, path)) && !existsSync(join(ROOT, dirname(page), path)));
    expect(missing.map((path) => `${relative(ROOT, join(ROOT, page))}: ${path}`)).toEqual([]);
  });

  it.each(PAGES)('%s cites no file outside the repository', (page) => {
    expect(readFileSync(join(ROOT, page), 'utf8')).not.toMatch(/CONTRACT\.md|STYLE\.md/);
  });
});
