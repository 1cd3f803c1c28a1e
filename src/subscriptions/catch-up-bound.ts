/**
 * The bound on a clock jump: no subscription may be asked to bill more than `maxCatchUpPeriods` periods at once.
 * A weekly plan jumped ten years ahead would write over 500 periods of payments per subscription; such a jump is
 * refused up front (400 naming the bound), so memory stays within the record budget and nothing is half-billed.
 */
import type { PlanRecord, SubscriptionRecord } from '../domain/records.ts';
import { anchorDayOf, periodEnd } from './periods.ts';

export interface CatchUpExcess {
  subscriptionId: string;
  clientId: string;
}

/** The first subscription that would bill more than `bound` periods if the clock stood at `targetMs`. */
export function catchUpExcess(
  subscriptions: Iterable<Readonly<SubscriptionRecord>>,
  planOf: (planId: string) => Pick<PlanRecord, 'interval' | 'intervalCount'> | undefined,
  targetMs: number,
  bound: number,
): CatchUpExcess | undefined {
  for (const subscription of subscriptions) {
    if (subscription.status === 'CANCELLED') continue;
    const plan = planOf(subscription.planId);
    if (!plan) continue;
    let end = Date.parse(subscription.currentPeriodEnd);
    let periods = 0;
    const anchorDay = anchorDayOf(subscription);
    while (end <= targetMs && periods <= bound) {
      end = periodEnd(new Date(end), plan, anchorDay).getTime();
      periods += 1;
    }
    if (periods > bound) return { subscriptionId: subscription.id, clientId: subscription.clientId };
  }
  return undefined;
}

/** The refusal's message (Portuguese, as the API speaks), naming the bound and how to raise it. */
export function catchUpMessage(excess: CatchUpExcess, bound: number): string {
  return `o salto faria a assinatura ${excess.subscriptionId} cobrar mais de ${bound} períodos de uma vez (limite maxCatchUpPeriods; avance em passos menores ou aumente o limite)`;
}
