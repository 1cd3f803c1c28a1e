/** What a client did instead of handling an outcome (`notHandled`) is said where coverage is read: the CLI's table and the JUnit failure. */
import { describe, expect, it } from 'vitest';
import { coverageLines } from '../../src/cli/coverage-lines.ts';
import { renderCoverageJUnit } from '../../src/coverage/coverage-report-files.ts';
import type { CoverageReport, OutcomeCoverage } from '../../src/coverage/outcome-types.ts';

const WHY = 'a duplicate order ord_2 was placed for the same cart after the answer creating ord_1 was lost';
const lost: OutcomeCoverage = { id: 'network.reply-lost', group: 'network', description: 'the answer was lost', provoke: 'arm it', handledRule: 'looked the order up', status: 'met', metAt: '2026-01-01T00:00:00.000Z', notHandled: WHY };
const report: CoverageReport = { clientId: 'mock-client', at: '2026-01-01T00:00:00.000Z', counts: { total: 1, met: 1, handled: 0, notMet: 0 }, outcomes: [lost] };

describe('an outcome met but not handled, with why', () => {
  it('the CLI table says why beside it; an outcome without a reason says nothing more', () => {
    expect(coverageLines(report, undefined)).toContain(`    met      network.reply-lost  — not handled: ${WHY}`);
    const { notHandled: _why, ...plain } = lost;
    expect(coverageLines({ ...report, outcomes: [plain] }, undefined)).toContain('    met      network.reply-lost');
  });

  it('a JUnit failure of a handled requirement names it', () => {
    expect(renderCoverageJUnit(report, [{ outcome: lost, must: 'handled', ok: false }])).toContain(`met but not handled (${WHY})`);
  });
});
