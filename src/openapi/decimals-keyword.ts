/**
 * `x-decimals: n` in the document: a number written with at most n decimals. `multipleOf: 0.01` alone cannot say
 * it in binary floating point (Ajv's tolerance lets 1.0000001 and 0.30000000000000004 through, and a tight one
 * refuses 10000000.02), so the number's own shortest decimal form (`String(n)`, what JSON carried) is checked.
 * The check is generated inline, so the validators precompiled by the build carry it too. Ajv's code generator is
 * required when a validator is compiled, never on the start path of a built server (validation-details.ts, which
 * is, only reads the keyword's name here).
 */
import { createRequire } from 'node:module';
import type { Ajv, KeywordCxt } from 'ajv';

export const DECIMALS_KEYWORD = 'x-decimals';

export function addDecimalsKeyword(ajv: Ajv): void {
  const { _ } = createRequire(import.meta.url)('ajv') as typeof import('ajv');
  ajv.addKeyword({
    keyword: DECIMALS_KEYWORD,
    type: 'number',
    schemaType: 'number',
    code(cxt: KeywordCxt) {
      const pattern = new RegExp(`^-?\\d+(\\.\\d{1,${Number(cxt.schema)}})?$`);
      const check = cxt.gen.scopeValue('pattern', { ref: pattern, code: _`new RegExp(${pattern.source})` });
      cxt.fail(_`!${check}.test(String(${cxt.data}))`);
    },
  });
}
