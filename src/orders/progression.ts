/**
 * How a pending order moves on by itself, as data (the form scenario files use): each step names the final
 * status it reaches, why (a failure's reason) and when — after N status polls, after a time on the mock clock
 * since the order was placed, or only by an explicit action (checkout page, admin API). The first step that is
 * due applies.
 */
import type { OrderProgression, ProgressionStep, ProgressionTrigger } from '../domain/policy.ts';

export type { OrderProgression, ProgressionStep, ProgressionTrigger };

export interface ProgressionFacts {
  /** Status polls so far, this one included. */
  polls: number;
  /** Mock-clock milliseconds since the order was placed. */
  ageMs: number;
}

/** The step a pending order takes now, if one is due. */
export function dueStep(steps: readonly ProgressionStep[], facts: ProgressionFacts): ProgressionStep | undefined {
  return steps.find((step) => isDue(step.after, facts));
}

/** The status a pending order reaches now, if a step is due. */
export function dueStatus(progression: Pick<OrderProgression, 'steps'>, facts: ProgressionFacts): ProgressionStep['status'] | undefined {
  return dueStep(progression.steps, facts)?.status;
}

/** The first time step that is due for an order placed at `createdMs`, and the instant it came due. */
export function dueTimeStep(steps: readonly ProgressionStep[], createdMs: number, nowMs: number): { step: ProgressionStep; atMs: number } | undefined {
  for (const step of steps) {
    if (step.after === 'action' || !('seconds' in step.after)) continue;
    const atMs = createdMs + step.after.seconds * 1000;
    if (atMs <= nowMs) return { step, atMs };
  }
  return undefined;
}

/** When the earliest time step of an order placed at `createdMs` comes due, due or not yet; none without one. */
export function firstTimeStepAt(steps: readonly ProgressionStep[], createdMs: number): number | undefined {
  const times = steps.flatMap((step) => (step.after !== 'action' && 'seconds' in step.after ? [createdMs + step.after.seconds * 1000] : []));
  return times.length === 0 ? undefined : Math.min(...times);
}

function isDue(trigger: ProgressionTrigger, facts: ProgressionFacts): boolean {
  if (trigger === 'action') return false;
  if ('polls' in trigger) return facts.polls >= trigger.polls;
  return facts.ageMs >= trigger.seconds * 1000;
}
