/**
 * The live dataset: per collection a by-id Map plus its indexes, and the meta values. Every change of the
 * store goes through `apply`-style methods here, whether it comes from `put` or from a journal replay.
 * Records held here are frozen JSON copies owned by the store, their short strings shared (string-pool.ts).
 */
import { ClientIndex, UniqueIndex } from './indexes.ts';
import { deepFreeze, type JournalOp } from './log-lines.ts';
import { StringPool } from './string-pool.ts';
import { COLLECTIONS, UNIQUE_KEYS, type CollectionName, type StoreData, type StoredRecord } from './store-types.ts';

export class CollectionState {
  readonly byId = new Map<string, StoredRecord>();
  readonly byClient = new ClientIndex();
  readonly unique: ReadonlyMap<string, UniqueIndex>;

  constructor(
    name: CollectionName,
    private readonly pool: StringPool,
  ) {
    this.unique = new Map(UNIQUE_KEYS[name].map((key) => [key, new UniqueIndex(key)]));
  }

  /**
   * Insert or replace. A client's records list by `createdAt`, then creation order (see ClientIndex), the same
   * after a restart: snapshot and journal replay add them in creation order too. A record not yet frozen is the
   * store's own fresh copy: its short strings are taken from the pool, then it is frozen.
   */
  put(record: StoredRecord): void {
    this.pool.freeze(record);
    const previous = this.byId.get(record.id);
    if (previous) {
      // The replaced record may have had another key value: drop its entries first.
      for (const index of this.unique.values()) index.remove(previous);
    }
    this.byId.set(record.id, record);
    if (previous && previous.clientId === record.clientId) this.byClient.replace(previous, record);
    else {
      if (previous) this.byClient.remove(previous);
      this.byClient.add(record);
    }
    for (const index of this.unique.values()) index.add(record);
  }

  /** Drop a record and its index entries (undoing the put that created it). */
  remove(id: string): void {
    const previous = this.byId.get(id);
    if (!previous) return;
    this.byId.delete(id);
    this.byClient.remove(previous);
    for (const index of this.unique.values()) index.remove(previous);
  }

  /** Drop every record of a client and their index entries: costs the client's records, not the collection's. */
  removeClient(clientId: string): readonly StoredRecord[] {
    const records = this.byClient.removeClient(clientId);
    for (const record of records) {
      this.byId.delete(record.id);
      for (const index of this.unique.values()) index.remove(record);
    }
    return records;
  }

  findByKey(key: string, clientId: string, value: string): StoredRecord | undefined {
    const index = this.unique.get(key);
    if (!index) throw new TypeError(`no unique index on ${key}`);
    const id = index.find(clientId, value);
    return id === undefined ? undefined : this.byId.get(id);
  }

  clear(): void {
    this.byId.clear();
    this.byClient.clear();
    for (const index of this.unique.values()) index.clear();
  }
}

export interface SnapshotCapture {
  meta: Array<[string, unknown]>;
  collections: Array<[CollectionName, StoredRecord[]]>;
}

export class MemoryState {
  readonly #collections = new Map<CollectionName, CollectionState>();
  readonly #meta = new Map<string, unknown>();
  readonly #pool = new StringPool();

  constructor() {
    for (const name of COLLECTIONS) this.#collections.set(name, new CollectionState(name, this.#pool));
  }

  collection(name: CollectionName): CollectionState {
    const state = this.#collections.get(name);
    if (!state) throw new TypeError(`unknown collection ${JSON.stringify(name)}`);
    return state;
  }

  getMeta(key: string): unknown {
    return this.#meta.get(key);
  }

  /** `value` must already be the store's own (JSON-copied) value; undefined deletes. */
  setMeta(key: string, value: unknown): void {
    if (value === undefined) this.#meta.delete(key);
    else this.#meta.set(key, deepFreeze(value));
  }

  metaKeys(): string[] {
    return [...this.#meta.keys()];
  }

  clear(): void {
    for (const state of this.#collections.values()) state.clear();
    this.#meta.clear();
  }

  /** Replay one journal line (already checked by `checkOp`; its records come fresh from JSON.parse). */
  apply(op: JournalOp): void {
    switch (op.op) {
      case 'put':
        this.collection(op.c).put(op.r);
        return;
      case 'putMany':
        for (const entry of op.e) this.collection(entry.c).put(entry.r);
        return;
      case 'setMeta':
        this.setMeta(op.k, op.v);
        return;
      case 'remove':
        this.collection(op.c).remove(op.id);
        return;
      case 'removeClient':
        for (const state of this.#collections.values()) state.removeClient(op.client);
        for (const key of op.meta) this.setMeta(key, undefined);
        return;
      case 'clear':
        this.clear();
        return;
      case 'replace':
        this.clear();
        this.load(op.d);
        return;
    }
  }

  /** Load a validated snapshot (fresh from JSON.parse, so owned by us). Indexes are built as records go in. */
  load(data: StoreData): void {
    for (const name of COLLECTIONS) {
      const records = Object.hasOwn(data.collections, name) ? data.collections[name] : undefined;
      if (!records) continue;
      const state = this.collection(name);
      for (const record of Object.values(records)) state.put(record);
    }
    for (const [key, value] of Object.entries(data.meta)) this.setMeta(key, value);
  }

  /**
   * What a checkpoint writes, captured synchronously: each collection's (frozen) records in an array of their
   * own, so the writer can serialize them piece by piece while the store goes on changing.
   */
  capture(): SnapshotCapture {
    return {
      meta: [...this.#meta],
      collections: COLLECTIONS.map((name) => [name, [...this.collection(name).byId.values()]]),
    };
  }

  /**
   * The snapshot to write. Built synchronously; shares the (frozen) records. `Object.fromEntries` defines
   * own properties, so an id such as `__proto__` stays a key.
   */
  toData(): StoreData {
    const collections = {} as StoreData['collections'];
    for (const name of COLLECTIONS) collections[name] = Object.fromEntries(this.collection(name).byId);
    return { version: 1, meta: Object.fromEntries(this.#meta), collections };
  }
}
