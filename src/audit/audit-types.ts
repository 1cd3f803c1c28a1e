/**
 * The audit's vocabulary: what a rule reads (the evidence of one client), what it says (findings), and the rule itself,
 * in the manner of ESLint's rules: one module each under ./rules/, its `meta` beside a pure `check`.
 */
import type { components } from '../generated/admin-types.gen.ts';
import type { TokenPolicy } from '../domain/policy.ts';
import type { AuditThresholds } from '../platform/config.ts';
import type { Drill } from '../drills/drills.ts';
import type { RequestJournalEntry } from '../state/request-journal.ts';
import type { Delivery } from '../webhooks/delivery-log.ts';

export type { AuditThresholds };
export type AuditReport = components['schemas']['Audit'];
export type AuditFinding = components['schemas']['AuditFinding'];
export type AuditSeverity = components['schemas']['AuditSeverity'];
export type FindingEvidence = AuditFinding['evidence'];

/** What the audit reads of one client: only its own requests, deliveries and drills, times on its clock. */
export interface AuditEvidence {
  clientId: string;
  /** Now on the client's clock. */
  nowMs: number;
  /** Its journaled requests, oldest first. */
  requests: readonly RequestJournalEntry[];
  /** Whether the journal let older entries go (the audit then rests on the newest it kept). */
  dropped: boolean;
  deliveries: readonly Delivery[];
  drills: readonly Drill[];
  /** The token policy the client runs under (its scenario's, else the mock's). */
  tokens: TokenPolicy;
}

/** What a rule found: the rest of the finding is its meta. */
export interface Observation {
  verdict: string;
  evidence: FindingEvidence;
}

export interface AuditRuleMeta {
  id: string;
  severity: AuditSeverity;
  /** Why it matters in this gateway. */
  why: string;
  fix: string;
  /** docs/audit.md's section of the rule. */
  docs: string;
  /** The configuration's threshold the rule reads, if any (docs/audit.md lists them with their defaults). */
  thresholds: ReadonlyArray<keyof AuditThresholds>;
}

export interface AuditRule {
  meta: AuditRuleMeta;
  check(evidence: AuditEvidence, thresholds: AuditThresholds): Observation[];
}

/** Most severe first: the order of the findings, and what "at or above" reads. */
export const SEVERITIES = ['error', 'warning', 'info'] as const satisfies readonly AuditSeverity[];

/** The docs link of a rule: its section of docs/audit.md. */
export const auditDocs = (id: string) => `docs/audit.md#${id.replace(/\./g, '')}`;
