/** Subscription rules: billing periods on the mock clock and the initial state (docs/assumptions.md). */
import type { PlanInterval, PlanRecord, SubscriptionRecord } from '../domain/records.ts';

export const DEFAULT_MAX_ATTEMPTS = 3;

const MONTHS: Record<Exclude<PlanInterval, 'weekly'>, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/**
 * End of the billing period that starts at `start` (calendar months, UTC; weeks are 7 days). Months keep the
 * anchor day (the day of month billing started on, `start`'s own day by default), clamped to short months: a
 * subscription anchored on the 31st bills 01-31, 02-29, 03-31, 04-30, as billing systems do, never drifting to
 * the 29th after February.
 */
export function periodEnd(
  start: Date,
  plan: Pick<PlanRecord, 'interval' | 'intervalCount'>,
  anchorDay: number = start.getUTCDate(),
): Date {
  const end = new Date(start.getTime());
  if (plan.interval === 'weekly') {
    end.setUTCDate(end.getUTCDate() + 7 * plan.intervalCount);
    return end;
  }
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + MONTHS[plan.interval] * plan.intervalCount);
  end.setUTCDate(Math.min(anchorDay, lastDayOfMonth(end)));
  return end;
}

/**
 * The day of month a subscription bills on: the day it was created, when its current period starts on that day
 * or on a short month's clamped version of it; otherwise (a record imported with its own calendar) the day its
 * current period starts.
 */
export function anchorDayOf(subscription: Pick<SubscriptionRecord, 'createdAt' | 'currentPeriodStart'>): number {
  const created = new Date(subscription.createdAt).getUTCDate();
  const start = new Date(subscription.currentPeriodStart);
  const startDay = start.getUTCDate();
  const clamped = startDay < created && startDay === lastDayOfMonth(start);
  return startDay === created || clamped ? created : startDay;
}

function lastDayOfMonth(date: Date): number {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
}
