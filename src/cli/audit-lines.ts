/**
 * The audit command's output: a summary, then each finding, most severe first, with its evidence, why it matters and
 * how to fix it; then, when it fails, the line to run again once the integration is fixed.
 */
import { basedOnLine, countsLine, evidenceLine } from '../audit/audit-report-files.ts';
import type { AuditReport, AuditSeverity } from '../audit/audit-types.ts';
import { atOrAbove } from '../audit/run-audit.ts';
import { printable } from '../platform/printable.ts';

const MARKS: Readonly<Record<AuditSeverity, string>> = { error: '✗', warning: '!', info: 'i' };

export function auditLines(report: AuditReport, failOn: AuditSeverity | undefined): string[] {
  const lines = [printable(`audit of ${report.clientId}: ${countsLine(report)}; ${basedOnLine(report)}`)];
  if (report.findings.length === 0) lines.push('', 'no finding: the integration behaves as docs/audit.md asks');
  for (const finding of report.findings) {
    const failing = failOn !== undefined && atOrAbove(finding.severity, failOn);
    lines.push(
      '',
      printable(`${failing ? MARKS[finding.severity] : ' '} ${finding.severity.padEnd(7)} ${finding.id}: ${finding.verdict}`),
      printable(`    evidence: ${evidenceLine(finding)}`),
      `    why: ${finding.why}`,
      `    fix: ${finding.fix}`,
      `    docs: ${finding.docs}`,
    );
  }
  return lines;
}
