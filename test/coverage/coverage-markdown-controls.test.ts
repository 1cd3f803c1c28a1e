/**
 * The coverage Markdown report never carries a control character raw: a client id with ESC or BEL in it (a config
 * file may hold one) is written as a visible escape, so a terminal or viewer showing the report is not driven by it.
 */
import { describe, expect, it } from 'vitest';
import { renderCoverageMarkdown } from '../../src/coverage/coverage-report-files.ts';

describe('the coverage Markdown report', () => {
  it('writes control characters of a client id as visible escapes', () => {
    const text = renderCoverageMarkdown({ clientId: 'job\u001b[31m-a\u0007\u202e', at: '2026-01-01T00:00:00.000Z', counts: { met: 0, handled: 0, total: 0, notMet: 0 }, outcomes: [] }, undefined);
    expect(text.split('\n')[0]).toBe('# Outcome coverage of `job\\x1b[31m-a\\x07\\u202e`');
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
  });
});
