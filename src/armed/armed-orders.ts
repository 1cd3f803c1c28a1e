/**
 * An armed order outcome (`order.final.*`, `payer.*`), plugged into the order flow at its three extension points. It
 * binds the client's next order placed after arming however that order is settled:
 *
 * - `stepsOf`: the order follows the armed outcome as it would follow its payer's catalogue number — each step of
 *   its progression ends in the outcome instead (the default's 3rd status poll, a scenario's time step), a checkout
 *   push's prompt ends in it when the payer answers, a payer who never answers at the prompt's expiry.
 * - `settleAs`: an action that settles it (the payer's PIN or cancel on the phone, the payer's fail or cancel on the
 *   checkout page, a push the wallet refuses) ends it in the outcome instead. An admin transition and a scenario's
 *   move are forced by hand: they come first and leave the arm for the next order.
 * - `paymentEnded`: the move an armed step or settle made counts the arm down, in the same write as the move.
 *
 * The outcome takes the place of the payer's answer, not of the balance: an armed PAID the payer's wallet cannot pay
 * fails with the wallet's reason (docs/arming.md), so money never goes below zero by an arm.
 */
import { DEFAULT_PAYER, type OrderProgression, type ProgressionStep } from '../domain/policy.ts';
import type { FailureCode, PayerOutcome } from '../domain/payer-outcomes.ts';
import type { OrderRecord, PaymentRecord } from '../domain/records.ts';
import type { PaymentEnded, SettleAs } from '../orders/order-flow.ts';
import { stepOf, timedSteps, type StepsOf } from '../orders/payer-progression.ts';
import type { MoveTrigger } from '../domain/events.ts';
import { failing } from './armable.ts';
import type { ArmedOutcomes } from './armed-outcomes.ts';

/** The reason the payer's wallet refuses the order's payment now (wallets/wallet-payable.ts); undefined: it pays. */
export type WalletSays = (order: OrderRecord, payment: PaymentRecord, nowMs: number) => FailureCode | undefined;

/** Moves forced by hand, which an arm never takes the place of. */
const FORCED: ReadonlySet<MoveTrigger['by']> = new Set(['admin', 'scenario']);

export function armedProgression(armed: Pick<ArmedOutcomes, 'live'>, walletSays: WalletSays, otherwise: StepsOf): StepsOf {
  return (progression, order, payment, nowMs) => {
    const arm = armedFor(armed, order);
    if (!arm) return otherwise(progression, order, payment, nowMs);
    const outcome = asWalletAllows(arm.outcome, walletSays, order, payment, nowMs);
    return armedSteps(progression, order, payment, outcome).map((step) => ({ ...step, armed: { id: arm.record.id, outcome: arm.record.outcome } }));
  };
}

/** The order flow's `settleAs`: an action settling an order the arm binds ends it in the armed outcome. */
export function armedSettle(armed: Pick<ArmedOutcomes, 'live'>, walletSays: WalletSays): SettleAs {
  return (order, payment, asked, nowMs) => {
    const by = asked.cause?.trigger?.by;
    if (by !== undefined && FORCED.has(by)) return asked;
    const arm = armedFor(armed, order);
    if (!arm) return asked;
    // A push the wallet refused (locked, another prompt open on the phone) is the wallet's say on an armed PAID.
    const refused = by === 'wallet' ? asked.cause?.reason : undefined;
    const outcome = asWalletAllows(arm.outcome, refused === undefined ? walletSays : () => refused, order, payment, nowMs);
    if (outcome.status === undefined) return asked;
    const { reason: _asked, ...cause } = asked.cause ?? {};
    const armedStep = { id: arm.record.id, outcome: arm.record.outcome };
    return { status: outcome.status, cause: { ...cause, ...(outcome.reason !== undefined && { reason: outcome.reason }), armed: armedStep } };
  };
}

/** An armed PAID as the payer's wallet allows it: the wallet's reason when it cannot pay the amount now. */
function asWalletAllows(outcome: PayerOutcome, walletSays: WalletSays, order: OrderRecord, payment: PaymentRecord | undefined, nowMs: number): PayerOutcome {
  if (outcome.status !== 'PAID' || payment === undefined) return outcome;
  const refused = walletSays(order, payment, nowMs);
  return refused === undefined ? outcome : failing(refused);
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
