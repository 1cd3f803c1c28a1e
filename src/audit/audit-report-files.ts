/**
 * A client's audit as files for people and CI, like coverage's: JSON (the audit as the admin API answers it),
 * Markdown (the counts, then each finding with its evidence, why and how to fix) and JUnit XML (one test case per
 * rule: failed when it found something at or above the level, skipped when what it found is below it).
 */
import { cell, renderJUnit, visibleControls, type JUnitCase } from '../domain/report-text.ts';
import { AUDIT_RULES } from './audit-rules.ts';
import type { AuditFinding, AuditReport, AuditSeverity } from './audit-types.ts';
import { atOrAbove } from './run-audit.ts';

export const AUDIT_FILES = { json: 'audit-report.json', markdown: 'audit-report.md', junit: 'audit-junit.xml' } as const;

/** `3 errors, 1 warning, 0 info`. */
export function countsLine({ counts }: AuditReport): string {
  const word = (count: number, one: string) => `${count} ${one}${count === 1 || one === 'info' ? '' : 's'}`;
  return `${word(counts.error, 'error')}, ${word(counts.warning, 'warning')}, ${word(counts.info, 'info')}`;
}

/** What the audit rests on, and the journal's word when it let older entries go. */
export function basedOnLine({ basedOn }: AuditReport): string {
  const line = `based on ${basedOn.requests} requests, ${basedOn.deliveries} deliveries and ${basedOn.drills} drills`;
  return basedOn.note === undefined ? line : `${line} (${basedOn.note})`;
}

/** The evidence in one line: the request ids (and deliveries, drills, orders), the rule's numbers. */
export function evidenceLine(finding: AuditFinding): string {
  const { requestIds, deliveryIds = [], drillIds = [], orderIds = [], numbers } = finding.evidence;
  const parts = [
    ...(requestIds.length > 0 ? [`requests ${requestIds.join(', ')}`] : []),
    ...(deliveryIds.length > 0 ? [`deliveries ${deliveryIds.join(', ')}`] : []),
    ...(drillIds.length > 0 ? [`drills ${drillIds.join(', ')}`] : []),
    ...(orderIds.length > 0 ? [`orders ${orderIds.join(', ')}`] : []),
    Object.entries(numbers)
      .map(([name, value]) => `${name}=${Number(value.toFixed(3))}`)
      .join(' '),
  ];
  return parts.join('; ');
}

export function renderAuditJson(report: AuditReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

export function renderAuditMarkdown(report: AuditReport): string {
  const lines = [`# Audit of \`${visibleControls(report.clientId)}\``, '', `${countsLine(report)}, ${basedOnLine(report)} (at ${report.at}).`];
  if (report.findings.length === 0) lines.push('', 'No finding: the integration behaves as the rules of docs/audit.md ask.');
  else lines.push('', '| severity | rule | verdict |', '|---|---|---|', ...report.findings.map((finding) => `| ${finding.severity} | \`${finding.id}\` | ${cell(finding.verdict)} |`));
  for (const finding of report.findings) {
    lines.push(
      '',
      `## \`${finding.id}\` (${finding.severity})`,
      '',
      visibleControls(finding.verdict),
      '',
      `- evidence: ${visibleControls(evidenceLine(finding))}`,
      `- why it matters: ${finding.why}`,
      `- how to fix it: ${finding.fix}`,
      `- docs: ${finding.docs}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function renderAuditJUnit(report: AuditReport, failOn: AuditSeverity | undefined): string {
  const cases = AUDIT_RULES.map(({ meta }): JUnitCase => {
    const found = report.findings.filter((finding) => finding.id === meta.id);
    const name = meta.id;
    const classname = `commerce-mock.audit.${meta.id.split('.')[0] ?? meta.id}`;
    if (found.length === 0) return { name, classname, seconds: 0, result: { kind: 'passed' } };
    const message = found.map((finding) => finding.verdict).join('; ');
    if (failOn === undefined || !atOrAbove(meta.severity, failOn)) return { name, classname, seconds: 0, result: { kind: 'skipped', message: `${meta.severity}: ${message}` } };
    const details = found.map((finding) => `${evidenceLine(finding)}\nwhy: ${finding.why}\nfix: ${finding.fix}\ndocs: ${finding.docs}`).join('\n\n');
    return { name, classname, seconds: 0, result: { kind: 'failure', message, type: meta.severity, details } };
  });
  return renderJUnit('commerce-mock audit', `audit of ${report.clientId}`, cases);
}
