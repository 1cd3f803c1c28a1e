/**
 * The payer's side of an order's progression (src/domain/payer-outcomes.ts), plugged into the order flow as its
 * `stepsOf`: the steps a pending order follows once its payer is known.
 *
 * - The checkout page sent a prompt to the payer's phone: the prompt's outcome comes due at its own time (the
 *   answer, the expiry, the slow success, or never), after any steps a scripting scenario sets.
 * - Otherwise, when the policy lets numbers decide and the order's customer phone is a catalogue number: the
 *   progression's PAID steps end in that outcome instead (the default's 3rd poll fails with the reason), or give
 *   way to the outcome's own time (03 expiry, 08 slow success) or to nothing (07 stuck).
 * - Any other number: the progression as it is.
 */
import { PAYS, payerOutcomeOf, type PayerOutcome } from '../domain/payer-outcomes.ts';
import { DEFAULT_PAYER, type OrderProgression, type PayerPolicy, type ProgressionStep } from '../domain/policy.ts';
import type { CustomerRecord, OrderRecord, PaymentRecord } from '../domain/records.ts';
import type { Store } from '../store/store-types.ts';

/** The order flow's extension point: the steps one pending order follows under a progression. */
/** `nowMs`: the time on the clock of the order's client's world. */
export type StepsOf = (progression: OrderProgression, order: OrderRecord, payment: PaymentRecord | undefined, nowMs: number) => readonly ProgressionStep[];

export interface PayerFacts {
  /** The payer's number: the one typed on the checkout page, else the order's customer's phone. */
  phone: string | undefined;
  /** When the checkout page prompted the payer (mock-clock ms). */
  promptAtMs?: number;
}

/** `stepsOf` reading the payer's number from the payment, else from the order's customer in `store`. */
export function payerProgression(store: Pick<Store, 'get'>): StepsOf {
  return (progression, order, payment) => {
    const promptAt = payment?._promptAt;
    const phone = typeof payment?.['_payerPhone'] === 'string' ? payment['_payerPhone'] : store.get<CustomerRecord>('customers', order.customerId)?.phone;
    return payerSteps(progression, Date.parse(order.createdAt), { phone, ...(promptAt !== undefined && { promptAtMs: Date.parse(promptAt) }) });
  };
}

export function payerSteps(progression: OrderProgression, createdMs: number, facts: PayerFacts): readonly ProgressionStep[] {
  const payer = progression.payer ?? DEFAULT_PAYER;
  if (facts.promptAtMs !== undefined) {
    const scripted = payer.numbers ? [] : progression.steps;
    return [...scripted, ...timedSteps(payerOutcomeOf(facts.phone) ?? PAYS, payer, (facts.promptAtMs - createdMs) / 1000)];
  }
  const outcome = payer.numbers ? payerOutcomeOf(facts.phone) : undefined;
  return outcome ? replacePaidSteps(progression.steps, outcome, payer) : progression.steps;
}

/** When the prompt's outcome comes due, `offsetSeconds` after the order was placed; none when it never does. */
export function timedSteps(outcome: PayerOutcome, payer: PayerPolicy, offsetSeconds: number): ProgressionStep[] {
  if (outcome.status === undefined || outcome.timing === 'never') return [];
  const delay = { answer: payer.answerSeconds, expiry: payer.promptExpirySeconds, slow: payer.slowSuccessSeconds }[outcome.timing];
  return [stepOf(outcome, { seconds: offsetSeconds + delay })];
}

/** The outcome instead of each PAID step: in its place when the payer answers, else once at the outcome's own time. */
function replacePaidSteps(steps: readonly ProgressionStep[], outcome: PayerOutcome, payer: PayerPolicy): ProgressionStep[] {
  const replaced: ProgressionStep[] = [];
  let timed = false;
  for (const step of steps) {
    if (step.status !== 'PAID') replaced.push(step);
    else if (outcome.timing === 'answer' && outcome.status !== undefined) replaced.push(stepOf(outcome, step.after));
    else if (!timed) {
      replaced.push(...timedSteps(outcome, payer, 0));
      timed = true;
    }
  }
  return replaced;
}

export function stepOf(outcome: PayerOutcome, after: ProgressionStep['after']): ProgressionStep {
  return { status: outcome.status ?? 'PAID', after, ...(outcome.reason !== undefined && { reason: outcome.reason }) };
}
