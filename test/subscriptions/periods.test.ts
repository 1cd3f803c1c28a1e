/** Billing periods on the calendar, in UTC: weeks of 7 days, months clamped to the last day of a shorter month. */
import { describe, expect, it } from 'vitest';
import { anchorDayOf, periodEnd } from '../../src/subscriptions/periods.ts';

const end = (start: string, interval: 'weekly' | 'monthly' | 'quarterly' | 'yearly', intervalCount = 1) =>
  periodEnd(new Date(start), { interval, intervalCount }).toISOString();

describe('billing periods', () => {
  it.each([
    ['2026-01-15T10:30:00.000Z', 'weekly', 1, '2026-01-22T10:30:00.000Z'],
    ['2026-01-29T00:00:00.000Z', 'weekly', 2, '2026-02-12T00:00:00.000Z'],
    ['2026-01-15T10:30:00.000Z', 'monthly', 1, '2026-02-15T10:30:00.000Z'],
    ['2026-01-31T08:00:00.000Z', 'monthly', 1, '2026-02-28T08:00:00.000Z'],
    ['2028-01-31T08:00:00.000Z', 'monthly', 1, '2028-02-29T08:00:00.000Z'],
    ['2026-03-31T00:00:00.000Z', 'monthly', 1, '2026-04-30T00:00:00.000Z'],
    ['2026-11-30T23:59:59.000Z', 'monthly', 2, '2027-01-30T23:59:59.000Z'],
    ['2026-11-30T00:00:00.000Z', 'quarterly', 1, '2027-02-28T00:00:00.000Z'],
    ['2026-05-31T00:00:00.000Z', 'quarterly', 2, '2026-11-30T00:00:00.000Z'],
    ['2028-02-29T12:00:00.000Z', 'yearly', 1, '2029-02-28T12:00:00.000Z'],
    ['2026-07-01T00:00:00.000Z', 'yearly', 10, '2036-07-01T00:00:00.000Z'],
  ] as const)('%s + %s × %i ends %s', (start, interval, count, expected) => {
    expect(end(start, interval, count)).toBe(expected);
  });

  it('does not change the start it is given', () => {
    const start = new Date('2026-01-31T00:00:00.000Z');
    periodEnd(start, { interval: 'monthly', intervalCount: 1 });
    expect(start.toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });

  it.each([
    ['2028-02-29T08:00:00.000Z', 31, '2028-03-31T08:00:00.000Z'],
    ['2028-04-30T08:00:00.000Z', 31, '2028-05-31T08:00:00.000Z'],
    ['2026-02-28T08:00:00.000Z', 30, '2026-03-30T08:00:00.000Z'],
  ] as const)('a month starting %s anchored on day %i ends %s', (start, anchorDay, expected) => {
    expect(periodEnd(new Date(start), { interval: 'monthly', intervalCount: 1 }, anchorDay).toISOString()).toBe(expected);
  });

  it.each([
    ['2028-01-31T08:00:00.000Z', '2028-02-29T08:00:00.000Z', 31],
    ['2028-01-31T08:00:00.000Z', '2028-04-30T08:00:00.000Z', 31],
    ['2028-01-15T08:00:00.000Z', '2028-03-15T08:00:00.000Z', 15],
    ['2028-01-15T08:00:00.000Z', '2028-03-01T08:00:00.000Z', 1],
    ['2028-01-31T08:00:00.000Z', '2028-03-30T08:00:00.000Z', 30],
  ] as const)('created %s, period starting %s: anchored on day %i', (createdAt, currentPeriodStart, day) => {
    expect(anchorDayOf({ createdAt, currentPeriodStart })).toBe(day);
  });
});
