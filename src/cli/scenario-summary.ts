/**
 * What a scenario does to orders, read from its data rather than from its hand-written description (which once
 * said `payment FAILED` of a cancelled order): each progression step as `order CANCELLED after 1 poll, payment
 * CANCELLED`. The payment's status comes from the same tables the state machine uses.
 */
import { FAILURE_REASONS } from '../domain/payer-outcomes.ts';
import { PAYMENT_STATUS_OF_ORDER } from '../orders/payment-record.ts';
import type { Scenario } from '../scenarios/scenario-schema.ts';

type Step = NonNullable<Scenario['orders']>['progression'][number];

/** `undefined` when the scenario scripts no order progression. */
export function orderSummary(scenario: Pick<Scenario, 'orders'>): string | undefined {
  const steps = scenario.orders?.progression ?? [];
  return steps.length === 0 ? undefined : steps.map(stepSummary).join('; ');
}

function stepSummary(step: Step): string {
  const order = step.status ?? (step.outcome ? FAILURE_REASONS[step.outcome].status : 'PENDING');
  const reason = step.outcome ? ` (${step.outcome})` : '';
  return `order ${order} ${whenText(step.after)}, payment ${PAYMENT_STATUS_OF_ORDER[order]}${reason}`;
}

function whenText(after: Step['after']): string {
  if (after === 'action') return 'by an action (checkout page or admin)';
  if ('polls' in after) return `after ${after.polls} status ${after.polls === 1 ? 'poll' : 'polls'}`;
  return `${after.seconds} s of mock time after it was placed`;
}
