/**
 * The docs work inside the installed package: README.md and every page the package ships link only to files the
 * package holds (read from `npm pack --dry-run`, the list npm publishes), so no link of node_modules/commerce-mock
 * is dead.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRelative, linksOf } from '../support/markdown-links.ts';

const ROOT = new URL('../../', import.meta.url);
// --ignore-scripts: prepack would build; the list of files does not depend on it.
const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as [{ files: Array<{ path: string }> }];
const FILES = packed.files.map((file) => file.path);
const PAGES = FILES.filter((path) => path.endsWith('.md'));

/** A file the package holds, or a folder it holds files in. */
const inPackage = (path: string) => FILES.includes(path) || FILES.some((file) => file.startsWith(`${path.replace(/\/$/, '')}/`));

describe('the docs in the installed package', () => {
  it('ships the README and every page of docs/, and no tests, benchmarks or scripts', () => {
    const docs = readdirSync(new URL('docs/', ROOT)).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
    expect(PAGES).toEqual(expect.arrayContaining(['README.md', ...docs]));
    expect(FILES.filter((path) => /^(test|bench|scripts|\.ci)\//.test(path))).toEqual([]);
  });

  it.each(PAGES)('%s links only to files the package holds', (page) => {
    const text = readFileSync(new URL(page, ROOT), 'utf8');
    const dead = linksOf(text)
      .filter(isRelative)
      .map((link) => decodeURIComponent(link.split('#')[0] ?? ''))
      .filter((path) => path !== '')
      .map((path) => posix.normalize(posix.join(posix.dirname(page), path)))
      .filter((target) => !inPackage(target));
    expect(dead).toEqual([]);
  });
});
