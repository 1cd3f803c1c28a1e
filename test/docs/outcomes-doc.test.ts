/** docs/outcomes.md carries the outcome catalogue and the go-live profile generated from the code (`npx tsx scripts/outcomes.ts --write`). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC_FILE, renderOutcomeTables, updateDoc } from '../../scripts/outcomes.ts';
import { outcomeCatalogue } from '../../src/coverage/outcome-catalogue.ts';
import { GO_LIVE, matchesPattern } from '../../src/coverage/coverage-requirements.ts';

describe('the outcome catalogue page', () => {
  it('docs/outcomes.md shows the tables generated from the code', () => {
    const doc = readFileSync(DOC_FILE, 'utf8');
    expect(updateDoc(doc)).toBe(doc);
    expect(doc).toContain(renderOutcomeTables());
  });

  it('ids are unique and stable in shape; the issue’s examples are there; every go-live entry names outcomes, with a reason', () => {
    const ids = outcomeCatalogue().map((outcome) => outcome.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z-]+(\.[A-Za-z0-9_-]+)+$/);
    expect(ids).toEqual(expect.arrayContaining(['auth.token.expired', 'orders.create.400.invalid_request', 'rate-limit.429', 'order.final.CANCELLED', 'payer.INSUFFICIENT_BALANCE', 'webhook.retried-after-5xx', 'webhook.duplicate-received']));
    for (const requirement of GO_LIVE) {
      expect(ids.some((id) => matchesPattern(requirement.pattern, id)), requirement.pattern).toBe(true);
      expect(requirement.reason).toBeTruthy();
    }
  });
});
