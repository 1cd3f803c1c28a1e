/**
 * When a failed delivery is tried again: exponential backoff on the mock clock (10 s, 20 s, 40 s, …, capped), at
 * most `maxAttempts` attempts in all (by default 8: the last one about 21 minutes of mock time after the first).
 */
export interface RetrySchedule {
  maxAttempts: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = { maxAttempts: 8, firstDelaySeconds: 10, maxDelaySeconds: 3600 };

/** Seconds from the `attempts`-th failed attempt to the next one; undefined when the delivery gives up. */
export function retryDelaySeconds(attempts: number, schedule: RetrySchedule): number | undefined {
  if (attempts >= schedule.maxAttempts) return undefined;
  return Math.min(schedule.firstDelaySeconds * 2 ** (attempts - 1), schedule.maxDelaySeconds);
}
