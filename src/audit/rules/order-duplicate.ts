/**
 * `order.duplicate`: the same cart (domain/order-cart.ts) placed again within the window after an attempt that failed
 * or whose outcome the client could not know (5xx, a dropped connection, a lost reply, a timeout), without looking the
 * orders up between the two.
 */
import { looksOrderUp } from '../../domain/order-cart.ts';
import { auditDocs, type AuditRule } from '../audit-types.ts';
import { answered, reachedClient, requestEvidence, timeOf } from '../evidence-of.ts';
import type { RequestJournalEntry } from '../../state/request-journal.ts';

const ID = 'order.duplicate';

/** An attempt whose outcome the client cannot take as "no order made". */
const unknownOutcome = (entry: RequestJournalEntry) => entry.status >= 500 || !reachedClient(entry);

export const orderDuplicate: AuditRule = {
  meta: {
    id: ID,
    severity: 'error',
    why: 'After a 5xx, a timeout or a lost reply the order may exist: the gateway may have made it and the payer may have been prompted. Placing the cart again makes a second order and a second charge for one purchase.',
    fix: 'Before placing a cart again after a failure, look the orders up (GET /v1/orders, or the order by the id a webhook gave) and place it again only if it is not there.',
    docs: auditDocs(ID),
    thresholds: ['duplicateOrderWindowSeconds'],
  },
  check({ requests }, { duplicateOrderWindowSeconds }) {
    const pairs: RequestJournalEntry[][] = [];
    requests.forEach((attempt, index) => {
      if (attempt.operationId !== 'createOrder' || attempt.cart === undefined || !unknownOutcome(attempt)) return;
      const untilMs = timeOf(attempt) + duplicateOrderWindowSeconds * 1000;
      for (const next of requests.slice(index + 1)) {
        if (timeOf(next) > untilMs) break;
        if (answered(next) && reachedClient(next) && looksOrderUp(next.operationId, next.path)) break;
        if (next.operationId !== 'createOrder' || next.cart !== attempt.cart) continue;
        if (answered(next)) pairs.push([attempt, next]);
        // A failed retry is judged as an attempt of its own.
        break;
      }
    });
    if (pairs.length === 0) return [];
    return [
      {
        verdict: `the same cart was placed again without a look-up after a failed or unanswered attempt, ${pairs.length} ${pairs.length === 1 ? 'time' : 'times'}`,
        evidence: requestEvidence(pairs.flat(), { duplicates: pairs.length, windowSeconds: duplicateOrderWindowSeconds }),
      },
    ];
  },
};
