/**
 * The number of interactions the docs state is the pacts' own: `verify` of `pacts/` counts every interaction of
 * its files, and a sentence that names one pact (its file or the test that writes it) counts that pact's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const PAGES = ['README.md', 'pacts/README.md', ...readdirSync(new URL('docs/', ROOT)).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

const pactFiles = readdirSync(new URL('pacts/', ROOT)).filter((name) => name.endsWith('.json'));
const countOf = (name: string) => (JSON.parse(readFileSync(new URL(`pacts/${name}`, ROOT), 'utf8')) as { interactions: unknown[] }).interactions.length;
const TOTAL = pactFiles.reduce((sum, name) => sum + countOf(name), 0);

/** What a line's count is about: one pact when the line names it, else every pact of `pacts/`. */
function expectedCount(line: string): number {
  if (/merchant-app-commerce-api-webhooks\.json|merchant-webhooks\.pact\.test\.ts/.test(line)) return countOf('merchant-app-commerce-api-webhooks.json');
  if (/merchant-app-commerce-api\.json|merchant-app\.pact\.test\.ts/.test(line)) return countOf('merchant-app-commerce-api.json');
  return TOTAL;
}

describe('the pacts’ interaction counts in the docs', () => {
  it('the pacts hold interactions', () => {
    expect(pactFiles).toEqual(['merchant-app-commerce-api-webhooks.json', 'merchant-app-commerce-api.json']);
    expect(TOTAL).toBeGreaterThan(40);
  });

  it.each(PAGES)('%s states the pacts’ counts', (page) => {
    const stated = readFileSync(new URL(page, ROOT), 'utf8')
      .split('\n')
      // pact-check's report of an example pact (`N interactions: N allowed, …`) counts that pact, not pacts/.
      .filter((line) => !/\d+ interactions: \d+ allowed/.test(line))
      .flatMap((line) => [...line.matchAll(/(\d+) interactions\b/g)].map((found) => ({ line, count: Number(found[1]) })));
    expect(stated.filter(({ line, count }) => count !== expectedCount(line)).map(({ line }) => line)).toEqual([]);
  });
});
