/**
 * `token.limit-thrash`: the client's own token requests run into the active-token limit: refused by it (`reject`), or,
 * under `revoke-oldest`, revoking a token of its own that had not expired.
 */
import { API_ERRORS } from '../../errors/api-errors.ts';
import { auditDocs, type AuditRule } from '../audit-types.ts';
import { requestEvidence, timeOf, tookToken } from '../evidence-of.ts';
import type { RequestJournalEntry } from '../../state/request-journal.ts';

const ID = 'token.limit-thrash';

/** The catalogue's message of the limit, whatever the limit is (`Limite de 5 tokens ativos…`). */
const CAP_MESSAGE = new RegExp(`^${API_ERRORS.active_token_cap.message.replace(/[.*+?^$()[\]\\|]/g, '\\$&').replace('{{max}}', '\\d+')}`);

export const tokenLimitThrash: AuditRule = {
  meta: {
    id: ID,
    severity: 'error',
    why: 'A client holds at most 5 active tokens: past them the gateway refuses a new one (400), or revokes the oldest, so a worker still using it is refused mid-sale with TOKEN_REVOGADO.',
    fix: 'Share one cached token between workers (one process-wide cache, refreshed by one of them); never take a token per request or per worker start.',
    docs: auditDocs(ID),
    thresholds: [],
  },
  check({ requests, tokens }) {
    const live: number[] = [];
    const refused: RequestJournalEntry[] = [];
    const revokedOwn: RequestJournalEntry[] = [];
    for (const entry of requests) {
      if (entry.operationId === 'revokeToken' && entry.status === 200) live.shift();
      if (entry.operationId === 'issueToken' && entry.status === 400 && CAP_MESSAGE.test(entry.errorDetail ?? '')) refused.push(entry);
      if (!tookToken(entry)) continue;
      const at = timeOf(entry);
      while (live.length > 0 && (live[0] as number) <= at) live.shift();
      // A refresh replaces the token it was issued with; an issue adds one.
      if (entry.operationId === 'refreshToken') live.shift();
      else if (live.length >= tokens.maxActivePerClient) {
        revokedOwn.push(entry);
        live.shift();
      }
      live.push(at + tokens.ttlSeconds * 1000);
    }
    const shown = [...refused, ...revokedOwn].sort((a, b) => timeOf(a) - timeOf(b));
    if (shown.length === 0) return [];
    const parts = [
      ...(refused.length > 0 ? [`${refused.length} refused by the limit of ${tokens.maxActivePerClient} active tokens`] : []),
      ...(revokedOwn.length > 0 ? [`${revokedOwn.length} revoked one of its own valid tokens (revoke-oldest)`] : []),
    ];
    return [
      {
        verdict: `token requests ran into the active-token limit: ${parts.join('; ')}`,
        evidence: requestEvidence(shown, { refused: refused.length, revokedOwn: revokedOwn.length, maxActivePerClient: tokens.maxActivePerClient }),
      },
    ];
  },
};
