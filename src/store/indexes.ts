/**
 * Secondary indexes of one collection, all Maps (no plain-object lookups, so ids or values such as
 * `__proto__` are ordinary keys). Kept in step with the by-id map by `CollectionState`.
 */
import type { StoredRecord } from './store-types.ts';

/**
 * clientId → that client's records, kept sorted by `createdAt` and then by the order they were first added: a
 * newest-first page is a slice from the end, costing its own size, not a sort of everything. Records without
 * `createdAt` (tokens) keep the order they were added in. A record put again keeps its place (its `createdAt`
 * does not change after creation); one whose `createdAt` did change moves to where it now belongs.
 */
export class ClientIndex {
  readonly #byClient = new Map<string, StoredRecord[]>();
  /** When each record was first added, for ties of `createdAt`. */
  readonly #sequence = new Map<string, number>();
  #next = 0;

  /** The client's records, oldest first; the index's own array, to read only. */
  records(clientId: string): readonly StoredRecord[] | undefined {
    return this.#byClient.get(clientId);
  }

  add(record: StoredRecord): void {
    let records = this.#byClient.get(record.clientId);
    if (!records) this.#byClient.set(record.clientId, (records = []));
    if (!this.#sequence.has(record.id)) this.#sequence.set(record.id, this.#next++);
    records.splice(this.#insertionPoint(records, record), 0, record);
  }

  /** Put `record` where `previous` (same id, same client) was, or where it now belongs if its `createdAt` moved. */
  replace(previous: StoredRecord, record: StoredRecord): void {
    const records = this.#byClient.get(previous.clientId);
    const at = records ? this.#positionOf(records, previous) : -1;
    if (!records || at < 0) return this.add(record);
    if (createdAtOf(previous) === createdAtOf(record)) records[at] = record;
    else {
      records.splice(at, 1);
      records.splice(this.#insertionPoint(records, record), 0, record);
    }
  }

  remove(record: StoredRecord): void {
    const records = this.#byClient.get(record.clientId);
    if (!records) return;
    const at = this.#positionOf(records, record);
    if (at >= 0) records.splice(at, 1);
    if (records.length === 0) this.#byClient.delete(record.clientId);
    this.#sequence.delete(record.id);
  }

  /** Drop every record of a client at once; gives them back, oldest first (the array the index held, now out of it). */
  removeClient(clientId: string): readonly StoredRecord[] {
    const records = this.#byClient.get(clientId);
    if (!records) return [];
    this.#byClient.delete(clientId);
    for (const record of records) this.#sequence.delete(record.id);
    return records;
  }

  clear(): void {
    this.#byClient.clear();
    this.#sequence.clear();
  }

  /** Compare by (createdAt, first added): negative when `a` comes first. */
  #compare(a: StoredRecord, b: StoredRecord): number {
    const at = createdAtOf(a);
    const bt = createdAtOf(b);
    if (at !== bt) return at < bt ? -1 : 1;
    return (this.#sequence.get(a.id) ?? 0) - (this.#sequence.get(b.id) ?? 0);
  }

  /** After every record that sorts before or equal to `record`; the end, in O(1), for the newest (the usual case). */
  #insertionPoint(records: readonly StoredRecord[], record: StoredRecord): number {
    const last = records[records.length - 1];
    if (!last || this.#compare(last, record) <= 0) return records.length;
    let low = 0;
    let high = records.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#compare(records[middle] as StoredRecord, record) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Where the record with `record`'s id and sort key sits, or -1. */
  #positionOf(records: readonly StoredRecord[], record: StoredRecord): number {
    let low = 0;
    let high = records.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#compare(records[middle] as StoredRecord, record) < 0) low = middle + 1;
      else high = middle;
    }
    return records[low]?.id === record.id ? low : records.findIndex((candidate) => candidate.id === record.id);
  }
}

function createdAtOf(record: StoredRecord): string {
  const value = record['createdAt'];
  return typeof value === 'string' ? value : '';
}

/**
 * A unique key scoped per client: clientId → key value → id. Only string values are indexed. Should two
 * records of a client ever carry the same value, the last one put wins the entry.
 */
export class UniqueIndex {
  readonly #byClient = new Map<string, Map<string, string>>();

  constructor(readonly key: string) {}

  find(clientId: string, value: string): string | undefined {
    return this.#byClient.get(clientId)?.get(value);
  }

  add(record: StoredRecord): void {
    const value = record[this.key];
    if (typeof value !== 'string') return;
    let ids = this.#byClient.get(record.clientId);
    if (!ids) this.#byClient.set(record.clientId, (ids = new Map()));
    ids.set(value, record.id);
  }

  /** Drop the record's entry — only if it still points at this record. */
  remove(record: StoredRecord): void {
    const value = record[this.key];
    if (typeof value !== 'string') return;
    const ids = this.#byClient.get(record.clientId);
    if (ids?.get(value) !== record.id) return;
    ids.delete(value);
    if (ids.size === 0) this.#byClient.delete(record.clientId);
  }

  clear(): void {
    this.#byClient.clear();
  }
}
