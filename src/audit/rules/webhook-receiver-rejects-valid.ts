/**
 * `webhook.receiver-rejects-valid`: the receiver refused a correctly signed delivery: a 4xx to a delivery, a 5xx to a
 * duplicate or a re-send (deliveries are at least once), or a drill case it should have accepted answered otherwise.
 */
import { auditDocs, type AuditRule } from '../audit-types.ts';
import { plural, unique } from '../evidence-of.ts';
import type { Delivery } from '../../webhooks/delivery-log.ts';

const ID = 'webhook.receiver-rejects-valid';

const refused = (delivery: Delivery) =>
  delivery.attempts.some(({ statusCode }) => statusCode !== undefined && ((statusCode >= 400 && statusCode < 500) || (statusCode >= 500 && (delivery.duplicateOf !== undefined || delivery.resentFrom !== undefined))));

export const webhookReceiverRejectsValid: AuditRule = {
  meta: {
    id: ID,
    severity: 'error',
    why: 'Every delivery the gateway sends is signed with the client\'s secret and may come more than once: a receiver that refuses a valid one (a signature checked over re-serialised JSON, a duplicate answered 500) never records the payment, and the order stays PENDING in the shop.',
    fix: 'Verify the signature over the raw body bytes with the endpoint\'s secret; answer 2xx to an event id already processed (acknowledge it, apply it once).',
    docs: auditDocs(ID),
    thresholds: [],
  },
  check({ deliveries, drills }) {
    const rejected = deliveries.filter(refused);
    const failedDrills = drills.filter((drill) => drill.cases.some((one) => one.expect === 'accept' && one.verdict === 'failed'));
    const cases = failedDrills.flatMap((drill) => drill.cases.filter((one) => one.expect === 'accept' && one.verdict === 'failed').map((one) => one.name));
    if (rejected.length + failedDrills.length === 0) return [];
    return [
      {
        verdict: `the webhook receiver refused ${plural(rejected.length, 'valid delivery', 'valid deliveries')}${cases.length > 0 ? ` and failed the drill cases ${[...new Set(cases)].join(', ')}` : ''}`,
        evidence: {
          requestIds: [],
          deliveryIds: unique(rejected.map((delivery) => delivery.id)),
          drillIds: unique(failedDrills.map((drill) => drill.id)),
          numbers: { refusedDeliveries: rejected.length, failedDrillCases: cases.length },
        },
      },
    ];
  },
};
