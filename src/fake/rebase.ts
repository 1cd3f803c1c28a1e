/**
 * Moves a dataset built at the fixed reference instant to another one: every ISO 8601 timestamp shifts by the
 * same amount, so the seeded history ends where the mock's clock starts and its first tick finds nothing due.
 * Ids and every other value stay as the seed drew them.
 */
import type { StoredRecord } from '../domain/records.ts';
import type { DatasetEntry } from './dataset.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function rebaseDataset(entries: readonly DatasetEntry[], deltaMs: number): DatasetEntry[] {
  if (deltaMs === 0) return [...entries];
  return entries.map(({ collection, record }) => ({ collection, record: shift(record, deltaMs) as StoredRecord }));
}

function shift(value: unknown, deltaMs: number): unknown {
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? new Date(Date.parse(value) + deltaMs).toISOString() : value;
  if (Array.isArray(value)) return value.map((item) => shift(item, deltaMs));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shift(item, deltaMs)]));
  }
  return value;
}
