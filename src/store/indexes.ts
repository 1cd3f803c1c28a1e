/**
 * Secondary indexes of one collection, all Maps (no plain-object lookups, so ids or values such as
 * `__proto__` are ordinary keys). Kept in step with the by-id map by `CollectionState`.
 */
import type { StoredRecord } from './types.ts';

/**
 * clientId → id → record: `list` reads one client's records without scanning the others, in the order they were
 * first added (a record added again in place keeps its position).
 */
export class ClientIndex {
  readonly #byClient = new Map<string, Map<string, StoredRecord>>();

  records(clientId: string): IterableIterator<StoredRecord> | undefined {
    return this.#byClient.get(clientId)?.values();
  }

  add(record: StoredRecord): void {
    let records = this.#byClient.get(record.clientId);
    if (!records) this.#byClient.set(record.clientId, (records = new Map()));
    records.set(record.id, record);
  }

  remove(record: StoredRecord): void {
    const records = this.#byClient.get(record.clientId);
    if (!records) return;
    records.delete(record.id);
    if (records.size === 0) this.#byClient.delete(record.clientId);
  }

  clear(): void {
    this.#byClient.clear();
  }
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
