/**
 * An armed charge outcome (`subscription.state.*`), plugged into the billing as a charge gate
 * (src/subscriptions/bill-subscriptions.ts `ChargeGate`), before the payer's wallet:
 *
 * - `subscription.state.ACTIVE`: the client's next charge is paid, even one the billing rules would fail;
 * - `subscription.state.PAST_DUE`: its next charge fails (`PAYMENT_FAILED`), the subscription goes past due;
 * - `subscription.state.CANCELLED`: its next charge fails, and so does every retry of that subscription until its
 *   retries are exhausted and it is cancelled.
 *
 * The arm counts down when the charge it decided ends, in the same write. One billing run may decide several charges
 * before any is stored, so the gate keeps what it has counted in this run.
 */
import type { PaymentRecord, RecordWrite } from '../domain/records.ts';
import type { FailureCode } from '../domain/payer-outcomes.ts';
import type { ChargeGate, ChargeGateOf } from '../subscriptions/bill-subscriptions.ts';
import type { ChargeEffect } from './armable.ts';
import type { ArmedOutcomes, ArmedRecord } from './armed-outcomes.ts';

export function armedChargeGate(armed: Pick<ArmedOutcomes, 'live' | 'fire' | 'list'>, otherwise: ChargeGateOf): ChargeGateOf {
  return (clientId) => {
    const inner = otherwise(clientId);
    /** Charge id → the arm that decided it, in this run. */
    const decided = new Map<string, ArmedRecord>();
    /** Arm id → the times it was used in this run (its record is stored at the run's end). */
    const used = new Map<string, number>();
    const liveArm = (charge: 'succeeds' | 'fails' | 'cancels') =>
      armed.live(clientId, 'charge').find(({ record, effect }) => (effect as ChargeEffect).charge === charge && record.remaining > (used.get(record.id) ?? 0))?.record;
    const decide = (payment: Readonly<PaymentRecord>, record: ArmedRecord | undefined, fresh: boolean) => {
      if (!record) return false;
      decided.set(payment.id, record);
      if (fresh) used.set(record.id, (used.get(record.id) ?? 0) + 1);
      return true;
    };
    /** A cancelling arm already bound to the charge's subscription keeps failing its retries. */
    const boundCancel = (payment: Readonly<PaymentRecord>) =>
      armed.list(clientId).find((record) => record.outcome === 'subscription.state.CANCELLED' && record.firings.some((firing) => firing.recordId === payment.subscriptionId));
    const gate: ChargeGate = {
      pays: (charge) => decide(charge, liveArm('succeeds'), true),
      refusal(charge, payerPhone, atMs): FailureCode | undefined {
        // An arm decided the charge: the payer's wallet still judges a charge it lets through (no arm overdraws).
        if (decided.has(charge.id)) return inner.refusal(charge, payerPhone, atMs);
        if (decide(charge, boundCancel(charge), false) || decide(charge, liveArm('fails') ?? liveArm('cancels'), true)) return 'PAYMENT_FAILED';
        return inner.refusal(charge, payerPhone, atMs);
      },
      ended(charge, payerPhone): RecordWrite[] {
        // A charge paid by the rules meets an armed success all the same: it counts it down.
        const record = decided.get(charge.id) ?? (charge.status === 'PAID' && decide(charge, liveArm('succeeds'), true) ? decided.get(charge.id) : undefined);
        const writes = inner.ended(charge, payerPhone);
        if (!record || record.firings.some((firing) => firing.recordId === charge.subscriptionId && record.outcome === 'subscription.state.CANCELLED')) return writes;
        const fired = armed.fire(record.id, charge.updatedAt, { recordId: charge.subscriptionId ?? charge.id });
        return fired ? [...writes, fired] : writes;
      },
    };
    return gate;
  };
}
