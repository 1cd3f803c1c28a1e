/**
 * The `Store` the rest of the application sees: reads from the in-memory state, writes applied in memory at
 * once and handed to the persistence layer as journal lines.
 *
 * Copies and views:
 * - `get`, `findByKey` and `getMeta` return copies (structuredClone): the caller may change them freely.
 * - `list` returns the store's own record objects in a fresh array. They are deep-frozen (writing to one
 *   throws in strict-mode code); to change a record, copy it (`{ ...record, field }`) and `put` the copy.
 * - `put` keeps a JSON copy of what it was given, so later changes to the caller's object are not seen.
 */
import type { MemoryState } from './memory-state.ts';
import {
  CLEAR_LINE,
  checkStoreData,
  deepFreeze,
  jsonCopy,
  prepareEntry,
  putLine,
  putManyLine,
  removeLine,
  replaceLine,
  setMetaLine,
} from './log-lines.ts';
import type { Persistence } from './persistence.ts';
import type { CollectionName, Store, StoreData, StoredRecord } from './store-types.ts';

export class JournaledStore implements Store {
  #closing: Promise<void> | null = null;

  constructor(
    private readonly state: MemoryState,
    private readonly persistence: Persistence,
  ) {}

  get<T extends StoredRecord>(collection: CollectionName, id: string): T | undefined {
    const record = this.state.collection(collection).byId.get(id);
    return record === undefined ? undefined : (structuredClone(record) as T);
  }

  findByKey<T extends StoredRecord>(
    collection: CollectionName,
    key: string,
    clientId: string,
    value: string,
  ): T | undefined {
    const record = this.state.collection(collection).findByKey(key, clientId, value);
    return record === undefined ? undefined : (structuredClone(record) as T);
  }

  list<T extends StoredRecord>(collection: CollectionName, clientId: string): ReadonlyArray<Readonly<T>> {
    return (this.state.collection(collection).byClient.records(clientId) ?? []) as ReadonlyArray<Readonly<T>>;
  }

  count(collection: CollectionName): number {
    return this.state.collection(collection).byId.size;
  }

  put(collection: CollectionName, record: StoredRecord): void {
    this.#assertOpen();
    const entry = prepareEntry(collection, record);
    const undo = this.#undoPut(collection, entry.record.id);
    this.state.collection(collection).put(entry.record);
    this.persistence.queue(putLine(entry), undo);
  }

  putMany(entries: ReadonlyArray<{ collection: CollectionName; record: StoredRecord }>): void {
    this.#assertOpen();
    // Prepare every entry before applying any: a bad one throws with nothing changed.
    const prepared = entries.map(({ collection, record }) => ({ collection, entry: prepareEntry(collection, record) }));
    if (prepared.length === 0) return;
    const undos: Array<() => void> = [];
    for (const { collection, entry } of prepared) {
      undos.push(this.#undoPut(collection, entry.record.id));
      this.state.collection(collection).put(entry.record);
    }
    this.persistence.queue(putManyLine(prepared.map(({ entry }) => entry)), () => undos.reverse().forEach((undo) => undo()));
  }

  remove(collection: CollectionName, id: string): void {
    this.#assertOpen();
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
  #undoPut(collection: CollectionName, id: string): () => void {
    const state = this.state.collection(collection);
    const previous = state.byId.get(id);
    return () => (previous ? state.put(previous) : state.remove(id));
  }

  #assertOpen(): void {
    if (this.#closing) throw new Error('the store is closed');
  }
}
