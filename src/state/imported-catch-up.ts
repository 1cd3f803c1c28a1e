/** An imported state whose subscriptions lag its clock by more periods than the bound is refused like a jump. */
import type { PlanRecord, SubscriptionRecord } from '../domain/records.ts';
import { catchUpExcess, catchUpMessage } from '../subscriptions/catch-up-bound.ts';
import type { ExportedState } from './mock-state.ts';

export function importedCatchUpExcess(state: ExportedState, bound: number): string | undefined {
  const subscriptions = Object.values(state.store.collections.subscriptions ?? {}) as SubscriptionRecord[];
  const plans = (state.store.collections.plans ?? {}) as Record<string, PlanRecord>;
  const target = Date.parse(state.clock.now);
  const excess = catchUpExcess(subscriptions, (planId) => (Object.hasOwn(plans, planId) ? plans[planId] : undefined), target, bound);
  return excess && catchUpMessage(excess, bound);
}
