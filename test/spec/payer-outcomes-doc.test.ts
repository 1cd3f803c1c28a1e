/**
 * The payer outcome catalogue is one table in the code; docs/payer-outcomes.md and spec/openapi.yaml
 * (`FailureReason`) carry copies generated from it (`npx tsx scripts/payer-outcomes.ts --write`), and the README
 * links the page.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC_FILE, SPEC_FILE, renderOutcomeTable, updateDoc, updateSpec } from '../../scripts/payer-outcomes.ts';
import { FAILURE_CODES, PAYER_OUTCOMES, catalogueNumber, payerOutcomeOf } from '../../src/domain/payer-outcomes.ts';
import { isObject, loadSpec } from '../support/openapi-doc.ts';

describe('the payer outcome table', () => {
  it('docs/payer-outcomes.md shows the table generated from the code', () => {
    const doc = readFileSync(DOC_FILE, 'utf8');
    expect(updateDoc(doc)).toBe(doc);
    expect(doc).toContain(renderOutcomeTable());
  });

  it("spec/openapi.yaml's FailureReason shows the same table, its code enum is the code's, and it is x-assumed", () => {
    const text = readFileSync(SPEC_FILE, 'utf8');
    expect(updateSpec(text)).toBe(text);
    const schemas = (loadSpec() as { components: { schemas: Record<string, unknown> } }).components.schemas;
    const reason = schemas['FailureReason'];
    if (!isObject(reason)) throw new Error('no FailureReason schema');
    expect(reason['x-assumed']).toBe(true);
    expect(String(reason['description'])).toContain(renderOutcomeTable());
    expect((reason['properties'] as { code: { enum: string[] } }).code.enum).toEqual([...FAILURE_CODES]);
  });

  it('the README links the page', () => {
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toContain('(docs/payer-outcomes.md');
  });
});

describe('catalogue numbers', () => {
  it.each(PAYER_OUTCOMES.flatMap((outcome) => (['84', '85', '86', '87'] as const).map((prefix) => [catalogueNumber(outcome, prefix), outcome.name])))(
    '%s → %s',
    (phone, name) => {
      expect(payerOutcomeOf(phone)?.name).toBe(name);
      expect(payerOutcomeOf(phone.replace(/\s/g, ''))?.name).toBe(name);
      expect(payerOutcomeOf(phone.replace('+258 ', '').replace(/\s/g, ''))?.name).toBe(name);
    },
  );

  it.each(['+258 84 000 0000', '+258 84 000 0009', '+258 84 000 0101', '+258 83 000 0001', '+258 84 100 0001', '84 000 001', undefined, ''])(
    '%s chooses nothing (it pays)',
    (phone) => {
      expect(payerOutcomeOf(phone)).toBeUndefined();
    },
  );
});
