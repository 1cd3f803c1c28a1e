/**
 * A subscription's story: everything the mock knows of one subscription, oldest first, on its client's clock
 * (spec/admin.yaml `SubscriptionStory`). Its charges tell it: each charge's start (the first of a period, or a
 * retry after a failed one) and end, and the status each end led to, as billing moves it (src/subscriptions/
 * billing-steps.ts: a paid charge makes it ACTIVE; a failed one PAST_DUE, or CANCELLED once `maxAttempts` charges of
 * a period failed).
 */
import { toPublic } from '../domain/public-view.ts';
import type { components } from '../generated/admin-types.gen.ts';
import type { PaymentRecord, SubscriptionRecord, SubscriptionStatus } from '../domain/records.ts';
import { statusEntry } from './status-entry.ts';
import { paymentEndEntry, placed, STEP, told, type PlacedEntry } from './story-entry.ts';
import { requestEntries, walletEntries, webhookEntries, type StorySources } from './story-sources.ts';

export type SubscriptionStory = components['schemas']['SubscriptionStory'];

export function subscriptionStory(sources: StorySources, subscription: Readonly<SubscriptionRecord>): SubscriptionStory {
  const { clientId } = subscription;
  const charges = sources.store.list<PaymentRecord>('payments', clientId).filter((payment) => payment.subscriptionId === subscription.id);
  const entries: PlacedEntry[] = [
    ...requestEntries(sources, clientId, [subscription.id, ...charges.map((charge) => charge.id)]),
    placed(STEP.created, { at: subscription.createdAt, kind: 'status_change', summary: 'Subscription created: PENDING', status: 'PENDING' }),
    ...chargeEntries(subscription, charges),
    ...walletEntries(sources, clientId, { subscriptionId: subscription.id }),
    ...webhookEntries(sources, clientId, (data) => data['subscriptionId'] === subscription.id),
  ];
  return {
    subscriptionId: subscription.id,
    clientId,
    status: subscription.status,
    attempts: subscription.attempts,
    maxAttempts: subscription.maxAttempts,
    charges: charges.map((charge) => toPublic(charge) as components['schemas']['Payment']),
    entries: told(entries),
  };
}

/** Each charge's start and end, and the status its end led to, walked as billing walked them. */
function chargeEntries(subscription: Readonly<SubscriptionRecord>, charges: readonly PaymentRecord[]): PlacedEntry[] {
  const { maxAttempts } = subscription;
  const entries: PlacedEntry[] = [];
  let status: SubscriptionStatus = 'PENDING';
  let failed = 0;
  for (const charge of charges) {
    const chargeAttempt = failed + 1;
    const start = chargeAttempt === 1 ? 'Charge' : `Retry (attempt ${chargeAttempt} of ${maxAttempts})`;
    entries.push(
      placed(STEP.paymentCreated, {
        at: charge.createdAt,
        kind: 'charge',
        summary: `${start} ${charge.id}: ${charge.amount} ${charge.currency}`,
        paymentId: charge.id,
        status: 'PENDING',
        amount: charge.amount,
        chargeAttempt,
      }),
    );
    if (charge.status === 'PENDING' || charge.updatedAt === undefined) continue;
    const paid = charge.status === 'PAID' || charge.status === 'REFUNDED';
    entries.push(placed(STEP.chargeEnded, { ...paymentEndEntry('charge', charge, charge.updatedAt), chargeAttempt }));
    failed = paid ? 0 : failed + 1;
    const next: SubscriptionStatus = paid ? 'ACTIVE' : failed >= maxAttempts ? 'CANCELLED' : 'PAST_DUE';
    if (next !== status) {
      const why = paid ? 'the charge was paid' : next === 'CANCELLED' ? `${failed} of ${maxAttempts} attempts failed: no more retries` : `${failed} of ${maxAttempts} attempts failed: a retry follows`;
      const entry = statusEntry(charge.updatedAt, status, next, { by: 'billing' });
      entries.push(placed(STEP.statusChange, { ...entry, summary: `${status} → ${next}: ${why}` }));
    }
    status = next;
  }
  return entries;
}
