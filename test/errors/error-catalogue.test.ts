/**
 * The catalogue and its documentation agree, reason by reason: docs/errors.md has one row per reason with the
 * status, code, message and details the catalogue holds; the summary at its top names every status and code; each
 * reason is one the code can answer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERRORS, FIXED_REASONS, type ErrorEntry, type ErrorReason } from '../../src/errors/failures.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
function section(text: string, heading: string): string {
  const start = text.indexOf(heading);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

const SUMMARY = section(read('docs/errors.md'), '## Errors at a glance');
const CATALOGUE_TABLE = section(read('docs/errors.md'), '## Error catalogue');
const entries = Object.entries(ERRORS) as [ErrorReason, ErrorEntry][];

/** `| \`reason\` | status | \`code\` | message | details | when |` → its cells, by reason. */
const documented = CATALOGUE_TABLE.split('\n')
  .filter((line) => /^\| `\w+` \|/.test(line))
  .map((line) => line.slice(2, -2).split(' | '));

const detailsText = (entry: ErrorEntry) => (entry.details ?? []).map((detail) => `\`${detail.path}\`: ${detail.message}`).join('; ');

describe('error catalogue', () => {
  it('docs/errors.md lists every reason once, in catalogue order', () => {
    expect(documented.map(([reason]) => reason)).toEqual(entries.map(([reason]) => `\`${reason}\``));
  });

  it.each(entries)('%s is documented in docs/errors.md with its status, code, message and details', (reason, entry) => {
    const row = documented.find(([name]) => name === `\`${reason}\``);
    expect(row?.slice(1, 5)).toEqual([String(entry.status), `\`${entry.code}\``, entry.message, detailsText(entry)]);
    expect(row?.[5]?.trim().length, `${reason} says when`).toBeGreaterThan(5);
  });

  it.each(entries)('%s is summarised at the top of docs/errors.md with its status and code', (_reason, entry) => {
    expect(SUMMARY).toMatch(new RegExp(`\\| ${entry.status} \\| \`${entry.code}\` \\|`));
  });

  it('gives every reason its own answer (status, code, message and details)', () => {
    const answers = entries.map(([, entry]) => JSON.stringify([entry.status, entry.code, entry.message, entry.details ?? []]));
    expect(new Set(answers).size).toBe(answers.length);
  });

  it('each reason is one the code answers: named by a module, or reachable by Prefer and scripted answers', () => {
    const sources = sourceFiles(fileURLToPath(new URL('../../src/', import.meta.url)))
      .filter((file) => !file.includes('/src/errors/'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unreachable = entries
      .map(([reason]) => reason)
      .filter((reason) => !sources.includes(`'${reason}'`) && !(FIXED_REASONS as string[]).includes(reason));
    expect(unreachable).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}
