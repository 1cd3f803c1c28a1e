/**
 * An imported state whose subscriptions lag their clock by more periods than the bound is refused like a jump. Each
 * subscription is measured against the clock its client runs on: its own (a tenant's), else the mock's.
 */
import type { PlanRecord, SubscriptionRecord } from '../domain/records.ts';
import { catchUpExcess, catchUpMessage } from '../subscriptions/catch-up-bound.ts';
import type { ExportedState } from './mock-state.ts';

export function importedCatchUpExcess(state: ExportedState, bound: number): string | undefined {
  const subscriptions = Object.values(state.store.collections.subscriptions ?? {}) as SubscriptionRecord[];
  const plans = (state.store.collections.plans ?? {}) as Record<string, PlanRecord>;
  const planOf = (planId: string) => (Object.hasOwn(plans, planId) ? plans[planId] : undefined);
  const clientClocks = state.clientClocks ?? {};
  const clockOf = (clientId: string) => (Object.hasOwn(clientClocks, clientId) ? clientClocks[clientId] : undefined) ?? state.clock;
  for (const clientId of new Set(subscriptions.map((subscription) => subscription.clientId))) {
    const own = subscriptions.filter((subscription) => subscription.clientId === clientId);
    const excess = catchUpExcess(own, planOf, Date.parse(clockOf(clientId).now), bound);
    if (excess) return catchUpMessage(excess, bound);
  }
  return undefined;
}
