/**
 * Helpers live in test/support/: a module of test/ that is not a test file sits there (in a folder of its own when
 * it belongs to one suite, as test/support/pact/ does), so a reader looking for what a test leans on finds it in one
 * place, and a folder of test/ holds its tests and nothing else. A `fixtures/` folder is the exception: what it
 * holds (a pact, a child process's script) is run or read by a test as data, not imported as a helper.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TEST_DIR = fileURLToPath(new URL('../', import.meta.url));

/** The TypeScript modules of test/ that break the rule, from their paths relative to test/. */
function misplacedHelpers(paths: readonly string[]): string[] {
  return paths
    .map((path) => path.replaceAll('\\', '/'))
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .filter((path) => !path.startsWith('support/') && !path.split('/').slice(0, -1).includes('fixtures'));
}

describe('test helpers', () => {
  it('every module of test/ that is not a test file is in test/support/ (or a fixtures folder)', () => {
    const paths = readdirSync(TEST_DIR, { recursive: true, encoding: 'utf8' });
    expect(misplacedHelpers(paths)).toEqual([]);
  });

  it('the check refuses a helper beside its tests and passes support, fixtures and test files', () => {
    expect(misplacedHelpers(['mcp/mcp-support.ts', 'pact/support/matchers.ts', 'pact/cases/auth-cases.ts'])).toEqual([
      'mcp/mcp-support.ts',
      'pact/support/matchers.ts',
      'pact/cases/auth-cases.ts',
    ]);
    expect(misplacedHelpers(['support/cli.ts', 'support/pact/matchers.ts', 'store/fixtures/kill-writer.ts', 'cli/help.test.ts', 'pact/fixtures/storefront-pact.json'])).toEqual([]);
  });
});
