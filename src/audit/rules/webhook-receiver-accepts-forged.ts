/** `webhook.receiver-accepts-forged`: a drill's forged, tampered, stale, replayed or unsigned delivery answered 2xx. */
import { auditDocs, type AuditRule } from '../audit-types.ts';
import { unique } from '../evidence-of.ts';

const ID = 'webhook.receiver-accepts-forged';

export const webhookReceiverAcceptsForged: AuditRule = {
  meta: {
    id: ID,
    severity: 'error',
    why: 'A receiver that accepts a delivery it cannot verify lets anyone who knows its URL mark an order PAID: goods leave for a payment that never happened.',
    fix: 'Refuse (4xx) a delivery whose signature does not match the secret over the raw body, whose timestamp is outside the tolerance, or that has no signature; run `npx commerce-mock drill` until every case passes.',
    docs: auditDocs(ID),
    thresholds: [],
  },
  check({ drills }) {
    const failing = drills.flatMap((drill) => drill.cases.filter((one) => one.expect === 'refuse' && one.verdict === 'failed').map((one) => ({ drill, name: one.name })));
    if (failing.length === 0) return [];
    return [
      {
        verdict: `the webhook receiver accepted deliveries it should have refused: ${[...new Set(failing.map(({ name }) => name))].join(', ')}`,
        evidence: { requestIds: [], drillIds: unique(failing.map(({ drill }) => drill.id)), numbers: { acceptedForged: failing.length } },
      },
    ];
  },
};
