/**
 * The documents' patterns say "an ASCII digit" as `[0-9]`: `\d` matches other scripts' digits in Python-based
 * tools (Schemathesis, jsonschema), where the server's JavaScript does not, so a tool would send what the mock refuses.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

function patternsIn(value: unknown, at: string, found: Array<[string, string]>): Array<[string, string]> {
  if (Array.isArray(value)) value.forEach((item, index) => patternsIn(item, `${at}/${index}`, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'pattern' && typeof item === 'string') found.push([`${at}/pattern`, item]);
      else patternsIn(item, `${at}/${key}`, found);
    }
  }
  return found;
}

describe.each(['spec/openapi.yaml', 'spec/admin.yaml', 'spec/proxy.yaml'])('%s', (file) => {
  it('has no \\d in any pattern', () => {
    const patterns = patternsIn(parse(readFileSync(file, 'utf8')), '#', []);
    expect(patterns.filter(([, pattern]) => pattern.includes('\\d'))).toEqual([]);
  });
});
