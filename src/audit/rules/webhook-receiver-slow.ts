/** `webhook.receiver-slow`: the client's webhook receiver answered a delivery or a drill slower than the stated time, or not in time. */
import { auditDocs, type AuditRule } from '../audit-types.ts';
import { plural, spoken, unique } from '../evidence-of.ts';

const ID = 'webhook.receiver-slow';

export const webhookReceiverSlow: AuditRule = {
  meta: {
    id: ID,
    severity: 'warning',
    why: 'The gateway waits a bounded time for a webhook\'s answer, then counts the attempt failed and retries with backoff: a slow receiver gets every event late and twice, and a queue behind it grows.',
    fix: 'Answer 2xx as soon as the signature is verified and the event stored; do the work (emails, fulfilment) after answering, from a queue.',
    docs: auditDocs(ID),
    thresholds: ['receiverSlowSeconds'],
  },
  check({ deliveries, drills }, { receiverSlowSeconds }) {
    const limitMs = receiverSlowSeconds * 1000;
    const slowDeliveries = deliveries.filter((delivery) => delivery.attempts.some((attempt) => attempt.durationMs > limitMs || /timed? ?out/i.test(attempt.error ?? '')));
    const slowDrills = drills.filter((drill) => drill.cases.some((one) => one.exchanges.some(({ answer }) => answer.durationMs > limitMs || ('timedOut' in answer && answer.timedOut))));
    const slowest = Math.max(
      0,
      ...deliveries.flatMap((delivery) => delivery.attempts.map((attempt) => attempt.durationMs)),
      ...drills.flatMap((drill) => drill.cases.flatMap((one) => one.exchanges.map(({ answer }) => answer.durationMs))),
    );
    const count = slowDeliveries.length + slowDrills.length;
    if (count === 0) return [];
    const attempts = slowDeliveries.flatMap((delivery) => delivery.attempts.map((attempt) => Date.parse(attempt.at))).sort((a, b) => a - b);
    return [
      {
        verdict: `the webhook receiver took longer than ${spoken(receiverSlowSeconds)} (or did not answer in time) on ${plural(slowDeliveries.length, 'delivery', 'deliveries')} and ${plural(slowDrills.length, 'drill')} (slowest ${spoken(slowest / 1000)})`,
        evidence: {
          requestIds: [],
          deliveryIds: unique(slowDeliveries.map((delivery) => delivery.id)),
          drillIds: unique(slowDrills.map((drill) => drill.id)),
          ...(attempts.length > 0 && { from: new Date(attempts[0] as number).toISOString(), to: new Date(attempts[attempts.length - 1] as number).toISOString() }),
          numbers: { slowDeliveries: slowDeliveries.length, slowDrills: slowDrills.length, slowestSeconds: slowest / 1000, limitSeconds: receiverSlowSeconds },
        },
      },
    ];
  },
};
