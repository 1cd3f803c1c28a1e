/**
 * The coverage command's table: a summary, then each group with its met and handled outcomes and the hint for each
 * one not met; then the commands that arm the missing required outcomes the mock can arm.
 */
import { ARMING_LEAD, byGroup, STATUS_WORDS } from '../coverage/coverage-report-files.ts';
import type { Judged } from '../coverage/coverage-requirements.ts';
import type { CoverageReport } from '../coverage/outcome-types.ts';
import { printable } from '../platform/printable.ts';

export function coverageLines(report: CoverageReport, judged: readonly Judged[] | undefined, arming: readonly string[] = []): string[] {
  const { counts } = report;
  const required = new Map(judged?.map((verdict) => [verdict.outcome.id, verdict]));
  const lines = [`coverage of ${printable(report.clientId)}: ${counts.met} of ${counts.total} outcomes met, ${counts.handled} handled, ${counts.notMet} not met`];
  for (const [group, outcomes] of byGroup(report.outcomes)) {
    const met = outcomes.filter((outcome) => outcome.status !== 'not-met').length;
    const handled = outcomes.filter((outcome) => outcome.status === 'handled').length;
    lines.push('', `${group}  ${met}/${outcomes.length} met${handled ? `, ${handled} handled` : ''}`);
    for (const outcome of outcomes) {
      const verdict = required.get(outcome.id);
      const mark = verdict ? (verdict.ok ? '✓' : '✗') : ' ';
      // What the client did instead of handling it (a duplicate order placed) is said beside it.
      const hint = outcome.status === 'not-met' ? `  — ${outcome.provoke.replace(/`/g, '')}` : outcome.notHandled === undefined ? '' : `  — not handled: ${printable(outcome.notHandled)}`;
      lines.push(`  ${mark} ${STATUS_WORDS[outcome.status].padEnd(8)} ${outcome.id}${hint}`);
    }
  }
  if (arming.length > 0) lines.push('', `${ARMING_LEAD}:`, ...arming.map((command) => `  ${command}`));
  return lines;
}
