/**
 * The persistence contract. Only `src/store/` knows how records reach the disk (lowdb snapshot + append-only
 * journal); everything else talks to a `Store`.
 */

import { COLLECTIONS, type CollectionName, type StoredRecord } from '../domain/records.ts';

export { COLLECTIONS, type CollectionName, type StoredRecord };

/**
 * Unique secondary indexes, scoped per client: `findByKey('products', 'originProductId', clientId, value)`.
 * Rebuilt from the data at load, maintained on every `put`.
 */
export const UNIQUE_KEYS: Readonly<Record<CollectionName, readonly string[]>> = {
  tokens: ['tokenHash'],
  products: ['originProductId'],
  customers: ['merchantCustomerId'],
  plans: ['originPlanId'],
  subscriptions: ['originSubscriptionId'],
  orders: [],
  payments: [],
  orderPolls: [],
  webhookDeliveries: [],
  wallets: ['phone'],
  walletEntries: [],
  armedOutcomes: [],
};

export interface StoreData {
  version: 1;
  /** Free-form bookkeeping (e.g. which seed produced the dataset). */
  meta: Record<string, unknown>;
  collections: Record<CollectionName, Record<string, StoredRecord>>;
}

export interface Store {
  /**
   * The record, or undefined. Constant time, no copy: the store's own deep-frozen record (writing to it throws);
   * to change it, `put` a copy (`{ ...record, field }`).
   */
  get<T extends StoredRecord>(collection: CollectionName, id: string): Readonly<T> | undefined;
  /** The client's record whose unique `key` equals `value` (frozen, as `get` gives it), or undefined. Constant time. */
  findByKey<T extends StoredRecord>(
    collection: CollectionName,
    key: string,
    clientId: string,
    value: string,
  ): Readonly<T> | undefined;
  /**
   * The client's records of a collection, oldest first: by `createdAt`, then by the order of their first `put`
   * (later puts keep the place). The store's own sorted list, not a copy: read it, never change it (records
   * change only through `put`). Reading a page from its end costs the page, not the collection.
   */
  list<T extends StoredRecord>(collection: CollectionName, clientId: string): ReadonlyArray<Readonly<T>>;
  /** Every record of a collection, all clients, in no set order: the store's own records, to read only. */
  records(collection: CollectionName): Iterable<Readonly<StoredRecord>>;
  /** Number of records in a collection, all clients. */
  count(collection: CollectionName): number;
  /** Insert or replace a record; applied in memory at once and queued for the journal. */
  put(collection: CollectionName, record: StoredRecord): void;
  /** Several puts as one journal line, so a batch is all-or-nothing on replay too. */
  putMany(entries: ReadonlyArray<{ collection: CollectionName; record: StoredRecord }>): void;
  /** Drop a record (journaled); nothing happens when there is none. */
  remove(collection: CollectionName, id: string): void;
  getMeta(key: string): unknown;
  setMeta(key: string, value: unknown): void;
  /** Resolves once every change made so far is durable (appended to the journal). */
  commit(): Promise<void>;
  /**
   * Takes memory back to what is durable or being made so: every change not yet handed to the disk is undone,
   * newest first, and the commits waiting on them reject with `reason` (as when the disk refuses an append).
   */
  abandon(reason: unknown): void;
  /**
   * Drop every record of `clientId`, in every collection, and the meta values whose keys `dropsMeta` names, as one
   * journal line (a client's reset or removal): it costs the client's records, not the store's. How many records went.
   */
  removeClient(clientId: string, dropsMeta: (key: string) => boolean): number;
  /** Drop every record and meta value (journaled). */
  clear(): void;
  /** Everything the store holds, as one value (shares the frozen records: serialise it, never change it). */
  dump(): StoreData;
  /** Replace everything with `data`, as one journal line (a state import). */
  replace(data: StoreData): void;
  /** Rewrite the snapshot and truncate the journal. */
  checkpoint(): Promise<void>;
  /** Wait for pending appends, checkpoint, release files. */
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Path of the lowdb JSON snapshot; the journal lives beside it as `<file>.journal`. Omit for in-memory. */
  file?: string;
  /** Start afresh: rename the data file and its journal aside as `<file>.reset-<time>` (whatever they hold) and start empty. */
  reset?: boolean;
  /** Rename an unreadable data file (and its journal) aside as `<file>.corrupt-<time>` and start empty; a readable one is loaded. */
  setAsideUnreadable?: boolean;
  /** Journal size in bytes past which a checkpoint runs. */
  checkpointBytes?: number;
  /** Time used in the name of a file set aside (from the clock module). */
  now?: () => Date;
  /** Called after each journal append (one per group commit); for tests, benchmarks and metrics. */
  onAppend?: (event: AppendEvent) => void;
  /** Called after each completed checkpoint (snapshot rewritten, journal truncated). */
  onCheckpoint?: (event: CheckpointEvent) => void;
  /** Called when the data file (and its journal) were set aside, by `reset` or as unreadable, so the caller can say so. */
  onSetAside?: (event: SetAsideEvent) => void;
  /** Called once the data file and its journal were read, with whether they held anything (a restart's state). */
  onLoad?: (event: LoadEvent) => void;
  /**
   * The records nothing needs any more (ended tokens past their retention): asked at the start of every
   * checkpoint, its answer dropped by journaled removes that the checkpoint's snapshot covers. In memory, where
   * there is no journal, asked whenever the changes since the last ask reach `checkpointBytes`.
   */
  prune?: Pruner;
}

export interface RecordRef {
  collection: CollectionName;
  id: string;
}

export type Pruner = (store: Store) => readonly RecordRef[];

export interface AppendEvent {
  /** Journal lines written by this single append (several commits grouped together). */
  lines: number;
  bytes: number;
  /** Journal size after the append. */
  journalBytes: number;
}

export interface CheckpointEvent {
  /** Journal size that the checkpoint truncated away. */
  journalBytes: number;
  durationMs: number;
}

export interface SetAsideEvent {
  /** `reset`: asked for; `unreadable`: the file could not be used. */
  cause: 'reset' | 'unreadable';
  /** The data file (for `unreadable`: the file found unusable, the snapshot or its journal). */
  file: string;
  /** Why it was unusable (`unreadable` only). */
  reason?: string;
  /** New names of the files moved aside (none when `reset` found no file). */
  movedTo: string[];
}

export interface LoadEvent {
  file: string;
  /** Whether the snapshot or the journal held anything: false for a first start. */
  found: boolean;
}

/** What to do about a data file that cannot be read. */
export const UNREADABLE_NEXT_STEP =
  'Fix or move the file, or start afresh: --reset moves it aside as <file>.reset-<time>; --set-aside-unreadable does so only when it cannot be read, as <file>.corrupt-<time>.';

/** What to do when the mock may not write beside the data file. */
export const WRITABLE_NEXT_STEP = 'Check that the directory of the data file exists or can be made, and that this user may write there.';

/** Thrown by `openStore` when the data file cannot be used; never overwrites that file. */
export class StoreOpenError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    nextStep = UNREADABLE_NEXT_STEP,
  ) {
    super(`cannot use data file ${file}: ${reason}. ${nextStep}`);
    this.name = 'StoreOpenError';
  }
}
