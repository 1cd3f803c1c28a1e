/**
 * The `Store` the rest of the application sees: reads from the in-memory state, writes applied in memory at
 * once and handed to the persistence layer as journal lines.
 *
 * Copies and views:
 * - `get`, `findByKey` and `list` return the store's own record objects (`list` in a fresh array), without a copy:
 *   reads are the hot path. They are deep-frozen (writing to one throws in strict-mode code); to change a record,
 *   copy it (`{ ...record, field }`) and `put` the copy.
 * - `getMeta` returns a copy (structuredClone): the caller may change it freely.
 * - `put` keeps a JSON copy of what it was given, so later changes to the caller's object are not seen. A put of a
 *   record equal to the stored one (same JSON, same key order) changes nothing and writes no journal line.
 */
import type { CollectionState, MemoryState } from './memory-state.ts';
import {
  CLEAR_LINE,
  checkStoreData,
  deepFreeze,
  jsonCopy,
  prepareEntry,
  type PreparedEntry,
  putLine,
  putManyLine,
  removeClientLine,
  removeLine,
  replaceLine,
  setMetaLine,
} from './log-lines.ts';
import type { Persistence } from './persistence.ts';
import { sameJson } from './same-json.ts';
import { COLLECTIONS, type CollectionName, type Pruner, type Store, type StoreData, type StoredRecord } from './store-types.ts';

export class JournaledStore implements Store {
  #closing: Promise<void> | null = null;

  constructor(
    private readonly state: MemoryState,
    private readonly persistence: Persistence,
    prune?: Pruner,
  ) {
    if (prune) persistence.pruneAtCheckpoint(() => prune(this).forEach(({ collection, id }) => this.#drop(collection, id)));
  }

  get<T extends StoredRecord>(collection: CollectionName, id: string): Readonly<T> | undefined {
    return this.state.collection(collection).byId.get(id) as Readonly<T> | undefined;
  }

  findByKey<T extends StoredRecord>(
    collection: CollectionName,
    key: string,
    clientId: string,
    value: string,
  ): Readonly<T> | undefined {
    return this.state.collection(collection).findByKey(key, clientId, value) as Readonly<T> | undefined;
  }

  list<T extends StoredRecord>(collection: CollectionName, clientId: string): ReadonlyArray<Readonly<T>> {
    return (this.state.collection(collection).byClient.records(clientId) ?? []) as ReadonlyArray<Readonly<T>>;
  }

  records(collection: CollectionName): Iterable<Readonly<StoredRecord>> {
    return this.state.collection(collection).byId.values();
  }

  count(collection: CollectionName): number {
    return this.state.collection(collection).byId.size;
  }

  put(collection: CollectionName, record: StoredRecord): void {
    this.#assertOpen();
    const entry = prepareEntry(collection, record);
    const state = this.state.collection(collection);
    const previous = state.byId.get(entry.record.id);
    // The same record again (an order re-upserting its unchanged customer): nothing to change, nothing to journal.
    if (previous !== undefined && sameJson(previous, entry.record)) return;
    state.put(entry.record);
    this.persistence.queue(putLine(entry), this.#undoPut(state, entry.record.id, previous));
  }

  putMany(entries: ReadonlyArray<{ collection: CollectionName; record: StoredRecord }>): void {
    this.#assertOpen();
    // Prepare every entry before applying any: a bad one throws with nothing changed.
    const prepared = entries.map(({ collection, record }) => ({ collection, entry: prepareEntry(collection, record) }));
    const changed: PreparedEntry[] = [];
    const undos: Array<() => void> = [];
    for (const { collection, entry } of prepared) {
      const state = this.state.collection(collection);
      const previous = state.byId.get(entry.record.id);
      if (previous !== undefined && sameJson(previous, entry.record)) continue;
      undos.push(this.#undoPut(state, entry.record.id, previous));
      state.put(entry.record);
      changed.push(entry);
    }
    if (changed.length === 0) return;
    const line = changed.length === 1 ? putLine(changed[0]!) : putManyLine(changed);
    this.persistence.queue(line, () => undos.reverse().forEach((undo) => undo()));
  }

  remove(collection: CollectionName, id: string): void {
    this.#assertOpen();
    this.#drop(collection, id);
  }

  /** A journaled remove; also what the pruning does in the checkpoint that closes the store. */
  #drop(collection: CollectionName, id: string): void {
    const state = this.state.collection(collection);
    const previous = state.byId.get(id);
    if (!previous) return;
    state.remove(id);
    this.persistence.queue(removeLine(collection, id), () => state.put(previous));
  }

  getMeta(key: string): unknown {
    const value = this.state.getMeta(key);
    return value === undefined ? undefined : structuredClone(value);
  }

  setMeta(key: string, value: unknown): void {
    this.#assertOpen();
    if (typeof key !== 'string') throw new TypeError('a meta key must be a string');
    const line = setMetaLine(key, value); // throws on values JSON cannot hold (cycles, BigInt)
    const previous = this.state.getMeta(key);
    this.state.setMeta(key, deepFreeze(jsonCopy(value)));
    this.persistence.queue(line, () => this.state.setMeta(key, previous));
  }

  commit(): Promise<void> {
    return this.persistence.commit();
  }

  abandon(reason: unknown): void {
    this.persistence.abandon(reason);
  }

  removeClient(clientId: string, dropsMeta: (key: string) => boolean): number {
    this.#assertOpen();
    const metaKeys = this.state.metaKeys().filter((key) => dropsMeta(key));
    const removed = COLLECTIONS.map((name) => {
      const state = this.state.collection(name);
      return { state, records: state.removeClient(clientId) };
    });
    const metaBefore = metaKeys.map((key) => [key, this.state.getMeta(key)] as const);
    for (const key of metaKeys) this.state.setMeta(key, undefined);
    const count = removed.reduce((sum, { records }) => sum + records.length, 0);
    if (count === 0 && metaKeys.length === 0) return 0;
    this.persistence.queue(removeClientLine(clientId, metaKeys), () => {
      // Back in the order they were listed, so the client's lists read as before.
      for (const { state, records } of removed) for (const record of records) state.put(record);
      for (const [key, value] of metaBefore) this.state.setMeta(key, value);
    });
    return count;
  }

  clear(): void {
    this.#assertOpen();
    const before = this.state.toData();
    this.state.clear();
    this.persistence.queue(CLEAR_LINE, () => {
      this.state.clear();
      this.state.load(before);
    });
  }

  dump(): StoreData {
    return this.state.toData();
  }

  replace(data: StoreData): void {
    this.#assertOpen();
    const problem = checkStoreData(data);
    if (problem) throw new TypeError(`cannot replace the store: ${problem}`);
    const line = replaceLine(data);
    const before = this.state.toData();
    this.state.clear();
    this.state.load(JSON.parse(JSON.stringify(data)) as StoreData);
    this.persistence.queue(line, () => {
      this.state.clear();
      this.state.load(before);
    });
  }

  checkpoint(): Promise<void> {
    if (this.#closing) return this.#closing;
    return this.persistence.checkpoint();
  }

  close(): Promise<void> {
    this.#closing ??= this.persistence.close();
    return this.#closing;
  }

  /** What takes a collection back to before a put of `id`: the record it replaced, or no record. */
  #undoPut(state: CollectionState, id: string, previous: StoredRecord | undefined): () => void {
    return () => (previous ? state.put(previous) : state.remove(id));
  }

  #assertOpen(): void {
    if (this.#closing) throw new Error('the store is closed');
  }
}
