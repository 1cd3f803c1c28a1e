/** `token.expired-reuse`: requests sent again with a token the gateway already refused as expired or revoked. */
import { auditDocs, type AuditRule } from '../audit-types.ts';
import { plural, refusedDeadToken, requestEvidence, tookToken } from '../evidence-of.ts';
import type { RequestJournalEntry } from '../../state/request-journal.ts';

const ID = 'token.expired-reuse';

export const tokenExpiredReuse: AuditRule = {
  meta: {
    id: ID,
    severity: 'warning',
    why: 'A token refused with TOKEN_EXPIRADO or TOKEN_REVOGADO never works again: each request sent with it is a sure 401 that spends the rate limit, and a sale waiting on it fails.',
    fix: 'On a 401 TOKEN_EXPIRADO or TOKEN_REVOGADO drop the cached token, take a new one and retry the request once.',
    docs: auditDocs(ID),
    thresholds: [],
  },
  check({ requests }) {
    let refused: RequestJournalEntry | undefined;
    const again: RequestJournalEntry[] = [];
    const first: RequestJournalEntry[] = [];
    for (const entry of requests) {
      if (tookToken(entry)) refused = undefined;
      else if (refusedDeadToken(entry)) {
        if (refused === undefined) refused = entry;
        else {
          if (!first.includes(refused)) first.push(refused);
          again.push(entry);
        }
      }
    }
    if (again.length === 0) return [];
    return [
      {
        verdict: `${plural(again.length, 'request')} sent with a token the gateway had already refused as expired or revoked`,
        evidence: requestEvidence([...first, ...again], { requestsAfterRefusal: again.length }),
      },
    ];
  },
};
