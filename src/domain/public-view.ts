/** The body a client sees of a stored record: no owner, no `_`-prefixed bookkeeping. */
import type { StoredRecord } from './records.ts';

export function toPublic(record: StoredRecord): Record<string, unknown> {
  // A loop rather than entries → filter → fromEntries: every answer that shows a record runs it. A `__proto__` key
  // (JSON.parse makes it an own property) starts with `_` and is never assigned.
  const shown: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (key !== 'clientId' && !key.startsWith('_')) shown[key] = record[key];
  return shown;
}
