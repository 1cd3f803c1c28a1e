/** The body a client sees of a stored record: no owner, no `_`-prefixed bookkeeping. */
import type { StoredRecord } from '../domain/records.ts';

export function toPublic(record: StoredRecord): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'clientId' && !key.startsWith('_')));
}
