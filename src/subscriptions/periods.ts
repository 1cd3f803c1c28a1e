/** Subscription rules: billing periods on the mock clock and the initial state (CONTRACT.md §States). */
import type { PlanInterval, PlanRecord } from '../core/records.ts';

export const DEFAULT_MAX_ATTEMPTS = 3;

const MONTHS: Record<Exclude<PlanInterval, 'weekly'>, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/** End of the billing period that starts at `start` (calendar months, UTC; weeks are 7 days). */
export function periodEnd(start: Date, plan: Pick<PlanRecord, 'interval' | 'intervalCount'>): Date {
  const end = new Date(start.getTime());
  if (plan.interval === 'weekly') {
    end.setUTCDate(end.getUTCDate() + 7 * plan.intervalCount);
  } else {
    // Calendar months, clamped: a period starting 31 January ends on the last day of February.
    const day = end.getUTCDate();
    end.setUTCDate(1);
    end.setUTCMonth(end.getUTCMonth() + MONTHS[plan.interval] * plan.intervalCount);
    const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
    end.setUTCDate(Math.min(day, lastDay));
  }
  return end;
}
