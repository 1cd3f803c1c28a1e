/**
 * `retry.ignores-retry-after`: a request sooner than the `Retry-After` of a 429 or 503 the client read: after a 429 any
 * request (the limit is the client's), after a 503 the same operation again.
 */
import { auditDocs, type AuditRule } from '../audit-types.ts';
import { CLOCK_SLACK_MS, plural, reachedClient, requestEvidence, secondsBetween, spoken, timeOf } from '../evidence-of.ts';
import type { RequestJournalEntry } from '../../state/request-journal.ts';

const ID = 'retry.ignores-retry-after';

export const retryIgnoresRetryAfter: AuditRule = {
  meta: {
    id: ID,
    severity: 'error',
    why: 'A 429 says the client spent its rate limit; a 503 that the gateway is briefly unavailable. A retry before `Retry-After` is refused again and keeps the window full, so the sale fails where waiting would have saved it.',
    fix: 'Read `Retry-After` (seconds) on a 429 or 503 and wait at least that long before the next request (for a 429, before any request of the client).',
    docs: auditDocs(ID),
    thresholds: [],
  },
  check({ requests }) {
    const early: RequestJournalEntry[] = [];
    const busy: RequestJournalEntry[] = [];
    let soonest = Number.POSITIVE_INFINITY;
    requests.forEach((entry, index) => {
      const seconds = entry.retryAfterSeconds;
      if (seconds === undefined || !reachedClient(entry)) return;
      const notBeforeMs = timeOf(entry) + seconds * 1000 - CLOCK_SLACK_MS;
      for (const next of requests.slice(index + 1)) {
        if (timeOf(next) >= notBeforeMs) break;
        if (entry.status !== 429 && next.operationId !== entry.operationId) continue;
        if (!busy.includes(entry)) busy.push(entry);
        early.push(next);
        soonest = Math.min(soonest, secondsBetween(entry, next));
      }
    });
    if (early.length === 0) return [];
    const asked = Math.max(...busy.map((entry) => entry.retryAfterSeconds ?? 0));
    return [
      {
        verdict: `${plural(early.length, 'request')} sent before the Retry-After of ${busy.length === 1 ? 'a 429 or 503' : `${busy.length} 429s or 503s`} (as soon as ${spoken(soonest)} after it, ${spoken(asked)} asked)`,
        evidence: requestEvidence([...busy, ...early].sort((a, b) => timeOf(a) - timeOf(b)), { earlyRequests: early.length, refusals: busy.length, soonestSeconds: soonest, retryAfterSeconds: asked }),
      },
    ];
  },
};
