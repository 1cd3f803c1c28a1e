/**
 * How a pending order moves on by itself, as data (the form scenario files use): each step names the final
 * status it reaches and when — after N status polls, after a time on the mock clock since the order was
 * placed, or only by an explicit action (checkout page, admin API). The first step that is due applies.
 */
import type { OrderStatus } from '../core/records.ts';

export type ProgressionTrigger = { polls: number } | { seconds: number } | 'action';

export interface ProgressionStep {
  status: Exclude<OrderStatus, 'PENDING'>;
  after: ProgressionTrigger;
}

export interface OrderProgression {
  steps: readonly ProgressionStep[];
}

/** CONTRACT.md §States: the default scenario pays an order on its 3rd status poll. */
export const DEFAULT_PROGRESSION: OrderProgression = { steps: [{ status: 'PAID', after: { polls: 3 } }] };

export interface ProgressionFacts {
  /** Status polls so far, this one included. */
  polls: number;
  /** Mock-clock milliseconds since the order was placed. */
  ageMs: number;
}

/** The status a pending order reaches now, if a step is due. */
export function dueStatus(progression: OrderProgression, facts: ProgressionFacts): ProgressionStep['status'] | undefined {
  return progression.steps.find((step) => isDue(step.after, facts))?.status;
}

function isDue(trigger: ProgressionTrigger, facts: ProgressionFacts): boolean {
  if (trigger === 'action') return false;
  if ('polls' in trigger) return facts.polls >= trigger.polls;
  return facts.ageMs >= trigger.seconds * 1000;
}
