/** A client's audit: every rule over its evidence, the findings most severe first, filtered at a severity or above. */
import { AUDIT_RULES } from './audit-rules.ts';
import { SEVERITIES, type AuditEvidence, type AuditFinding, type AuditReport, type AuditRule, type AuditSeverity, type AuditThresholds } from './audit-types.ts';

/** `warning` keeps warnings and errors. */
export const atOrAbove = (severity: AuditSeverity, level: AuditSeverity) => SEVERITIES.indexOf(severity) <= SEVERITIES.indexOf(level);

export function runAudit(evidence: AuditEvidence, thresholds: AuditThresholds, level: AuditSeverity = 'info', rules: readonly AuditRule[] = AUDIT_RULES): AuditReport {
  const findings: AuditFinding[] = rules
    .filter((rule) => atOrAbove(rule.meta.severity, level))
    .flatMap(({ meta, check }) =>
      check(evidence, thresholds).map(({ verdict, evidence: shown }) => ({ id: meta.id, severity: meta.severity, verdict, evidence: shown, why: meta.why, fix: meta.fix, docs: meta.docs })),
    )
    .sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) || a.id.localeCompare(b.id));
  const requests = evidence.requests.length;
  const count = (severity: AuditSeverity) => findings.filter((finding) => finding.severity === severity).length;
  return {
    clientId: evidence.clientId,
    at: new Date(evidence.nowMs).toISOString(),
    basedOn: {
      requests,
      deliveries: evidence.deliveries.length,
      drills: evidence.drills.length,
      complete: !evidence.dropped,
      ...(evidence.dropped && { note: `based on the last ${requests} requests: the journal let older ones go` }),
    },
    counts: { error: count('error'), warning: count('warning'), info: count('info') },
    findings,
  };
}
