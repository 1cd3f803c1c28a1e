/** `token.churn`: new tokens taken while a valid one was held, beyond a small allowance. */
import { auditDocs, type AuditRule } from '../audit-types.ts';
import { refusedDeadToken, requestEvidence, secondsBetween, spoken, timeOf, tookToken } from '../evidence-of.ts';
import type { RequestJournalEntry } from '../../state/request-journal.ts';

const ID = 'token.churn';

export const tokenChurn: AuditRule = {
  meta: {
    id: ID,
    severity: 'error',
    why: 'The gateway keeps at most 5 active tokens per client: a token per call makes parallel workers refuse (or, under revoke-oldest, revoke) each other, and every token request spends the rate limit the sale needs.',
    fix: 'Cache the token and reuse it until shortly before `expires_in` ends; take a new one only then, or after a 401 TOKEN_EXPIRADO or TOKEN_REVOGADO.',
    docs: auditDocs(ID),
    thresholds: ['tokenChurnAllowance'],
  },
  check({ requests, tokens }, { tokenChurnAllowance }) {
    let heldUntilMs = Number.NEGATIVE_INFINITY;
    const churned: RequestJournalEntry[] = [];
    for (const entry of requests) {
      // A token the gateway refused, or one the client revoked, is no longer held.
      if (refusedDeadToken(entry) || (entry.operationId === 'revokeToken' && entry.status === 200)) heldUntilMs = Number.NEGATIVE_INFINITY;
      if (!tookToken(entry)) continue;
      if (entry.operationId === 'issueToken' && timeOf(entry) < heldUntilMs) churned.push(entry);
      heldUntilMs = timeOf(entry) + tokens.ttlSeconds * 1000;
    }
    if (churned.length <= tokenChurnAllowance) return [];
    const first = churned[0] as RequestJournalEntry;
    const span = secondsBetween(first, churned[churned.length - 1] as RequestJournalEntry);
    return [
      {
        verdict: `${churned.length} token requests in ${spoken(span)} while a valid token was held`,
        evidence: requestEvidence(churned, { tokenRequests: churned.length, seconds: span, ttlSeconds: tokens.ttlSeconds, allowance: tokenChurnAllowance }),
      },
    ];
  },
};
