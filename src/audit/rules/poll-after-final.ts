/** `poll.after-final`: reads of an order after one showed it in a final status (PAID, FAILED, CANCELLED), beyond a few. */
import { auditDocs, type AuditRule } from '../audit-types.ts';
import { plural, requestEvidence } from '../evidence-of.ts';
import { pollsByOrder, showsFinal } from '../order-polls.ts';
import type { RequestJournalEntry } from '../../state/request-journal.ts';

const ID = 'poll.after-final';

export const pollAfterFinal: AuditRule = {
  meta: {
    id: ID,
    severity: 'warning',
    why: 'A final status never changes: PAID, FAILED and CANCELLED are the end of an order. Reads after it spend the rate limit for nothing, and a loop that does not see the end never stops.',
    fix: 'Stop polling at the first final status (PAID, FAILED or CANCELLED) and act on it.',
    docs: auditDocs(ID),
    thresholds: ['pollAfterFinalAllowance'],
  },
  check({ requests }, { pollAfterFinalAllowance }) {
    const after: RequestJournalEntry[] = [];
    const orderIds: string[] = [];
    for (const [orderId, polls] of pollsByOrder(requests)) {
      const final = polls.findIndex(showsFinal);
      if (final === -1) continue;
      const later = polls.slice(final + 1);
      if (later.length <= pollAfterFinalAllowance) continue;
      after.push(...later.slice(pollAfterFinalAllowance));
      orderIds.push(orderId);
    }
    if (after.length === 0) return [];
    return [
      {
        verdict: `${plural(after.length, 'status read')} of ${orderIds.length === 1 ? 'an order' : `${orderIds.length} orders`} after it was final`,
        evidence: requestEvidence(after, { readsAfterFinal: after.length, allowance: pollAfterFinalAllowance }, { orderIds: orderIds.slice(0, 50) }),
      },
    ];
  },
};
