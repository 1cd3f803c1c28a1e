/** `poll.tight`: reads of one order's status closer together than the stated interval. */
import { auditDocs, type AuditRule } from '../audit-types.ts';
import { CLOCK_SLACK_MS, requestEvidence, secondsBetween, spoken } from '../evidence-of.ts';
import { pollsByOrder } from '../order-polls.ts';
import type { RequestJournalEntry } from '../../state/request-journal.ts';

const ID = 'poll.tight';

export const pollTight: AuditRule = {
  meta: {
    id: ID,
    severity: 'error',
    why: 'The rate limit counts every request of the client: a status read in a tight loop spends it on one order, and the next sale meets 429. A payment takes seconds to minutes (the payer answers a prompt on the phone).',
    fix: 'Wait between reads of an order, starting at a second or two and growing (backoff), or take the order.status_changed webhook and read the order once.',
    docs: auditDocs(ID),
    thresholds: ['pollMinIntervalSeconds', 'pollTightAllowance'],
  },
  check({ requests }, { pollMinIntervalSeconds, pollTightAllowance }) {
    const tight: RequestJournalEntry[] = [];
    const orderIds: string[] = [];
    let shortest = Number.POSITIVE_INFINITY;
    for (const [orderId, polls] of pollsByOrder(requests)) {
      polls.forEach((poll, index) => {
        const previous = polls[index - 1];
        if (previous === undefined) return;
        const gap = secondsBetween(previous, poll);
        if (gap + CLOCK_SLACK_MS / 1000 >= pollMinIntervalSeconds) return;
        tight.push(poll);
        shortest = Math.min(shortest, gap);
        if (!orderIds.includes(orderId)) orderIds.push(orderId);
      });
    }
    if (tight.length <= pollTightAllowance) return [];
    return [
      {
        verdict: `${tight.length} status reads of ${orderIds.length === 1 ? 'one order' : `${orderIds.length} orders`} less than ${spoken(pollMinIntervalSeconds)} after the one before (the closest ${spoken(shortest)})`,
        evidence: requestEvidence(tight, { tightReads: tight.length, shortestSeconds: shortest, minIntervalSeconds: pollMinIntervalSeconds, allowance: pollTightAllowance }, { orderIds: orderIds.slice(0, 50) }),
      },
    ];
  },
};
