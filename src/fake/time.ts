/**
 * Time of the seeded dataset. Every timestamp derives from one fixed reference instant, never from the
 * system clock, so one seed always yields the same dataset byte for byte.
 */
import type { Faker } from '@faker-js/faker';

/** The dataset describes a shop as it stood at this instant. */
export const REFERENCE_DATE = new Date('2026-01-01T00:00:00.000Z');

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** `days` days before the reference instant. */
export function daysBeforeReference(days: number): Date {
  return new Date(REFERENCE_DATE.getTime() - days * DAY_MS);
}

export function plusMinutes(at: Date, minutes: number): Date {
  return new Date(at.getTime() + minutes * MINUTE_MS);
}

export function plusDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

export function latest(...dates: Date[]): Date {
  return new Date(Math.max(...dates.map((date) => date.getTime())));
}

/** A whole-second instant in [from, to]; `from` itself when the range is empty. */
export function instantBetween(faker: Faker, from: Date, to: Date): Date {
  if (to.getTime() <= from.getTime()) return new Date(from.getTime());
  const at = faker.date.between({ from, to });
  return new Date(Math.max(from.getTime(), Math.floor(at.getTime() / 1000) * 1000));
}
