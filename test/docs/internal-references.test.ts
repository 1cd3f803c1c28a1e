/** The pages a user reads name no internal issue or pull request: a number means nothing outside the team's tracker. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const PAGES = ['README.md', ...readdirSync(new URL('docs/', ROOT)).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** `issue 21`, `issues 3 and 4`, `Issue #7`, `PR 12`, `#38` (not an anchor such as `(#tenants)`, nor an HTML entity such as `&#8212;`). */
const INTERNAL_REFERENCE = /\b(?:issues?|PR|pull request) #?\d+|(?<![\w&/#])#\d+\b/gi;

describe('internal references', () => {
  it.each(PAGES)('%s names no issue number', (page) => {
    const lines = readFileSync(new URL(page, ROOT), 'utf8').split('\n');
    const found = lines.flatMap((line, index) => [...line.matchAll(INTERNAL_REFERENCE)].map((match) => `${page}:${index + 1}: ${match[0]}`));
    expect(found).toEqual([]);
  });

  it('the pattern finds what it is meant to, and leaves anchors and entities alone', () => {
    expect('as issue 21 said; issues 3; Issue #7; PR 12; see #38.'.match(INTERNAL_REFERENCE)).toEqual(['issue 21', 'issues 3', 'Issue #7', 'PR 12', '#38']);
    expect('[Tenants](admin-api.md#tenants) &#8212; a tissue 3 cm; 4 pull requests'.match(INTERNAL_REFERENCE)).toBeNull();
  });
});
