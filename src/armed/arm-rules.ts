/**
 * What an armed outcome must be, one rule per value: the outcome id (armable, with an `operation` only where it
 * meets a request), its counts (`times`, `remaining`) and how many one client holds live. The route
 * (armed-outcomes.ts `arm`) and a state import or snapshot restore (state/stored-schemas.ts, state/state-check.ts)
 * call these same functions, so no door takes an arm another refuses; the MCP tool and the SDK call the route.
 */
import { failure, type Failure } from '../errors/failures.ts';
import { armable, type ArmEffect } from './armable.ts';
import { armOperationProblem } from './arm-operation.ts';

/** At most this many outcomes armed and not yet spent per client. */
export const MAX_LIVE_ARMED = 20;
/** `times` is 1 to this. */
export const MAX_ARM_TIMES = 100;

/** The effect of arming `outcome` (limited to `operation`), or the route's refusal. */
export function armOutcomeRule(outcome: string, operation: string | undefined): { ok: true; effect: ArmEffect } | Failure {
  const armability = armable(outcome);
  if (!armability.ok) {
    return armability.refused === 'unknown' ? failure('unknown_outcome', { outcome }) : failure('outcome_not_armable', { outcome, provoke: armability.provoke });
  }
  const { effect } = armability;
  if (operation !== undefined && effect.meets !== 'request') return failure('arm_operation_refused', { outcome, meets: effect.meets });
  const problem = operation === undefined ? undefined : armOperationProblem(operation);
  if (problem !== undefined) return failure('arm_operation_unknown', { problem });
  return { ok: true, effect };
}

/** `times` a whole number from 1 to MAX_ARM_TIMES, `remaining` from 0 to `times`; undefined when they hold. */
export function armCountsRule(times: number, remaining: number): Failure | undefined {
  if (!Number.isInteger(times) || times < 1 || times > MAX_ARM_TIMES) {
    return failure('arm_field_refused', { field: 'times', problem: `um inteiro de 1 a ${MAX_ARM_TIMES}` });
  }
  if (!Number.isInteger(remaining) || remaining < 0 || remaining > times) {
    return failure('arm_field_refused', { field: 'remaining', problem: `um inteiro de 0 a times (${times})` });
  }
  return undefined;
}

/** A client holding `live` outcomes armed and not spent; undefined when that is within the cap. */
export function liveArmsRule(live: number): Failure | undefined {
  return live > MAX_LIVE_ARMED ? failure('too_many_armed', { max: MAX_LIVE_ARMED }) : undefined;
}

/** A stored armed outcome (an import's, a snapshot's): its outcome, operation, counts, and the `meets` its outcome has. */
export function armedRecordRule(record: { outcome: string; operation?: string | undefined; times: number; remaining: number; meets: string }): Failure | undefined {
  const armed = armOutcomeRule(record.outcome, record.operation);
  if (!armed.ok) return armed;
  const counts = armCountsRule(record.times, record.remaining);
  if (counts) return counts;
  return armed.effect.meets === record.meets ? undefined : failure('arm_field_refused', { field: 'meets', problem: `${armed.effect.meets} (o que ${record.outcome} encontra)` });
}
