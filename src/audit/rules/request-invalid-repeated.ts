/** `request.invalid-repeated`: the same 400 (same operation, same error and details) more than N times. */
import { auditDocs, type AuditRule } from '../audit-types.ts';
import { requestEvidence } from '../evidence-of.ts';
import type { RequestJournalEntry } from '../../state/request-journal.ts';

const ID = 'request.invalid-repeated';

export const requestInvalidRepeated: AuditRule = {
  meta: {
    id: ID,
    severity: 'warning',
    why: 'A 400 is the gateway refusing what the integration sent: sending it again gets the same answer. The same refusal over and over is a bug the integration keeps hitting (and a sale that never goes through).',
    fix: 'Read the refusal\'s `details` (the field and why), fix the request the integration builds, and never retry a 400 unchanged.',
    docs: auditDocs(ID),
    thresholds: ['invalidRepeatedMax'],
  },
  check({ requests }, { invalidRepeatedMax }) {
    const groups = new Map<string, RequestJournalEntry[]>();
    for (const entry of requests) {
      if (entry.status !== 400) continue;
      const key = JSON.stringify([entry.operationId ?? entry.path, entry.error ?? '', entry.errorDetail ?? '']);
      groups.set(key, [...(groups.get(key) ?? []), entry]);
    }
    return [...groups.values()]
      .filter((group) => group.length > invalidRepeatedMax)
      .map((group) => {
        const first = group[0] as RequestJournalEntry;
        const what = first.errorDetail ?? first.error ?? 'a refusal';
        return {
          verdict: `${first.operationId ?? first.path} was refused ${group.length} times with the same 400: ${what}`,
          evidence: requestEvidence(group, { refusals: group.length, max: invalidRepeatedMax }),
        };
      });
  },
};
