/** `poll.unbounded`: an order read for longer than the stated time without its interval growing (no backoff). */
import { auditDocs, type AuditRule } from '../audit-types.ts';
import { requestEvidence, secondsBetween, spoken } from '../evidence-of.ts';
import { pollsByOrder, showsFinal } from '../order-polls.ts';
import type { RequestJournalEntry } from '../../state/request-journal.ts';

const ID = 'poll.unbounded';

/** An interval this many times the shortest is a backoff. */
const BACKOFF_FACTOR = 2;

export const pollUnbounded: AuditRule = {
  meta: {
    id: ID,
    severity: 'warning',
    why: 'A payer may never answer the prompt: the order then ends on its own (PAYER_TIMEOUT), but a loop that polls at one pace with no end holds a worker and the rate limit for as long as it runs.',
    fix: 'Grow the wait between reads (1 s, 2 s, 4 s… up to a ceiling) and give up after a deadline, then rely on the webhook or a later look-up.',
    docs: auditDocs(ID),
    thresholds: ['pollMaxSeconds'],
  },
  check({ requests }, { pollMaxSeconds }) {
    return [...pollsByOrder(requests)].flatMap(([orderId, polls]) => {
      const first = polls[0];
      const last = polls[polls.length - 1];
      if (first === undefined || last === undefined || polls.length < 3) return [];
      const span = secondsBetween(first, last);
      const final = polls.findIndex(showsFinal);
      if (span <= pollMaxSeconds || (final !== -1 && secondsBetween(first, polls[final] as RequestJournalEntry) <= pollMaxSeconds)) return [];
      const gaps = polls.slice(1).map((poll, index) => secondsBetween(polls[index] as RequestJournalEntry, poll));
      const shortest = Math.min(...gaps);
      const longest = Math.max(...gaps);
      if (longest >= Math.max(shortest, 0.001) * BACKOFF_FACTOR) return [];
      return [
        {
          verdict: `order ${orderId} read ${polls.length} times over ${spoken(span)}, every ${spoken(shortest)} to ${spoken(longest)}, with no backoff`,
          evidence: requestEvidence(polls, { reads: polls.length, seconds: span, shortestSeconds: shortest, longestSeconds: longest, maxSeconds: pollMaxSeconds }, { orderIds: [orderId] }),
        },
      ];
    });
  },
};
