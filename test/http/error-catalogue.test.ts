import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/errors/failures.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const errorsSection = README.slice(README.indexOf('## Errors'), README.indexOf('\n## ', README.indexOf('## Errors') + 1));

describe('error catalogue', () => {
  it.each(Object.entries(ERRORS))('%s is documented in the README with its status and code', (_reason, entry) => {
    expect(errorsSection).toMatch(new RegExp(`\\| ${entry.status} \\| \`${entry.code}\` \\|`));
  });

  it('gives every reason its own message', () => {
    const messages = Object.values(ERRORS).map((entry) => entry.message);
    expect(messages.every((message) => message.length > 5)).toBe(true);
    expect(new Set(messages).size).toBe(messages.length);
  });
});
