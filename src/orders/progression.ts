/**
 * How a pending order moves on by itself, as data (the form scenario files use): each step names the final
 * status it reaches and when — after N status polls, after a time on the mock clock since the order was
 * placed, or only by an explicit action (checkout page, admin API). The first step that is due applies.
 */
import type { OrderProgression, ProgressionStep, ProgressionTrigger } from '../domain/policy.ts';

export type { OrderProgression, ProgressionStep, ProgressionTrigger };

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

/** Whether the progression moves orders with time alone (so the clock has to look at pending orders). */
export function movesWithTime(progression: OrderProgression): boolean {
  return progression.steps.some((step) => step.after !== 'action' && 'seconds' in step.after);
}

function isDue(trigger: ProgressionTrigger, facts: ProgressionFacts): boolean {
  if (trigger === 'action') return false;
  if ('polls' in trigger) return facts.polls >= trigger.polls;
  return facts.ageMs >= trigger.seconds * 1000;
}
