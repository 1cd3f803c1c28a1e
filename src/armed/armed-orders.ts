/**
 * An armed order outcome (`order.final.*`, `payer.*`), plugged into the order flow at its two extension points:
 *
 * - `stepsOf`: an order the client placed after arming follows the armed outcome as it would follow its payer's
 *   catalogue number — each step of its progression ends in the outcome instead (the default's 3rd status poll),
 *   a checkout push's prompt ends in it when the payer answers, a payer who never answers at the prompt's expiry.
 *   Wallets included: the armed outcome wins over the payer's wallet.
 * - `paymentEnded`: the move an armed step made counts the arm down, in the same write as the move.
 */
import { DEFAULT_PAYER, type OrderProgression, type ProgressionStep } from '../domain/policy.ts';
import type { PayerOutcome } from '../domain/payer-outcomes.ts';
import type { OrderRecord, PaymentRecord } from '../domain/records.ts';
import type { PaymentEnded } from '../orders/order-flow.ts';
import { stepOf, timedSteps, type StepsOf } from '../orders/payer-progression.ts';
import type { ArmedOutcomes } from './armed-outcomes.ts';

export function armedProgression(armed: Pick<ArmedOutcomes, 'live'>, otherwise: StepsOf): StepsOf {
  return (progression, order, payment, nowMs) => {
    const arm = armedFor(armed, order);
    if (!arm) return otherwise(progression, order, payment, nowMs);
    const { record, outcome } = arm;
    return armedSteps(progression, order, payment, outcome).map((step) => ({ ...step, armed: { id: record.id, outcome: record.outcome } }));
  };
}

/** The order flow's `paymentEnded`: a move an armed step made counts its arm down. */
export function armedLedger(armed: Pick<ArmedOutcomes, 'fire'>): PaymentEnded {
  return (payment, cause) => {
    if (!cause?.armed) return [];
    const fired = armed.fire(cause.armed.id, payment.updatedAt, { recordId: payment.orderId ?? payment.id });
    return fired ? [fired] : [];
  };
}

/**
 * The oldest live order arm of the order's client that was armed before the order was placed: every arm names the
 * orders pending when it was armed (`placedBefore`), so any other pending order was placed after it. Instants are
 * not compared: a client clock may stand still or be set back between the arm and the order.
 */
function armedFor(armed: Pick<ArmedOutcomes, 'live'>, order: OrderRecord) {
  for (const { record, effect } of armed.live(order.clientId, 'order')) {
    if (effect.meets === 'order' && !record.placedBefore?.includes(order.id)) return { record, outcome: effect.outcome };
  }
  return undefined;
}

function armedSteps(progression: OrderProgression, order: OrderRecord, payment: PaymentRecord | undefined, outcome: PayerOutcome): ProgressionStep[] {
  const payer = progression.payer ?? DEFAULT_PAYER;
  const createdMs = Date.parse(order.createdAt);
  if (payment?._promptAt !== undefined) return timedSteps(outcome, payer, (Date.parse(payment._promptAt) - createdMs) / 1000);
  if (outcome.timing !== 'answer') return timedSteps(outcome, payer, 0);
  // No progression of its own (only an action moves the order): the payer answers at the first status poll.
  const steps = progression.steps.length > 0 ? progression.steps : [{ status: 'PAID' as const, after: { polls: 1 } }];
  return steps.map((step) => stepOf(outcome, step.after));
}
