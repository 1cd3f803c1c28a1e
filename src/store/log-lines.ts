/**
 * The journal line format and the record checks shared by the snapshot loader, the journal reader and `put`.
 *
 * One line per change, terminated by `\n`:
 *   {"op":"put","c":"products","r":{…full record…}}
 *   {"op":"putMany","e":[{"c":"orders","r":{…}},{"c":"payments","r":{…}}]}
 *   {"op":"setMeta","k":"seed","v":…}            (no "v" = delete)
 *   {"op":"remove","c":"webhookDeliveries","id":"whd_…"}
 *   {"op":"removeClient","client":"tenant-a","meta":["tokens:tenant-a"]}   (every record of the client, those keys)
 *   {"op":"clear"}
 * Every line states an absolute result (whole records, whole values), so replaying a line whose effect is
 * already in the snapshot changes nothing: replay is idempotent.
 */
import { COLLECTIONS, type CollectionName, type StoreData, type StoredRecord } from './store-types.ts';

export interface LoggedWrite {
  c: CollectionName;
  r: StoredRecord;
}

export type JournalOp =
  | ({ op: 'put' } & LoggedWrite)
  | { op: 'putMany'; e: LoggedWrite[] }
  | { op: 'setMeta'; k: string; v?: unknown }
  | { op: 'remove'; c: CollectionName; id: string }
  /** A client's reset or removal: its records in every collection and the meta keys named, in one line. */
  | { op: 'removeClient'; client: string; meta: string[] }
  | { op: 'clear' }
  /** Everything replaced at once (a state import): one line, so a crash keeps all or nothing. */
  | { op: 'replace'; d: StoreData };

const COLLECTION_NAMES: ReadonlySet<string> = new Set(COLLECTIONS);

export function isCollectionName(value: unknown): value is CollectionName {
  return typeof value === 'string' && COLLECTION_NAMES.has(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isStoredRecord(value: unknown): value is StoredRecord {
  return isPlainObject(value) && typeof value['id'] === 'string' && typeof value['clientId'] === 'string';
}

/** Freeze a JSON value in depth: what the store keeps must not change behind the journal's back. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A copy of a JSON value (own `__proto__` keys stay plain data). */
export function jsonCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

export interface PreparedEntry {
  /** The store's own copy, exactly what a replay of the line will produce (frozen as it enters the state). */
  record: StoredRecord;
  /** `"c":…,"r":…` — the body of a put line or of a putMany element. */
  json: string;
}

/**
 * Serialize once, and parse that text back as the store's private copy: memory and disk then hold the same
 * thing (no `undefined`, no Dates, no shared references with the caller). Throws before anything changes.
 */
export function prepareEntry(collection: CollectionName, record: StoredRecord): PreparedEntry {
  if (!isCollectionName(collection)) throw new TypeError(`unknown collection ${JSON.stringify(collection)}`);
  const text = JSON.stringify(record);
  const copy: unknown = text === undefined ? undefined : JSON.parse(text);
  if (!isStoredRecord(copy)) throw new TypeError(`a ${collection} record needs a string id and clientId`);
  return { record: copy, json: `"c":"${collection}","r":${text}` };
}

export function putLine(entry: PreparedEntry): string {
  return `{"op":"put",${entry.json}}`;
}

export function putManyLine(entries: readonly PreparedEntry[]): string {
  return `{"op":"putMany","e":[${entries.map((entry) => `{${entry.json}}`).join(',')}]}`;
}

export function setMetaLine(key: string, value: unknown): string {
  return JSON.stringify(value === undefined ? { op: 'setMeta', k: key } : { op: 'setMeta', k: key, v: value });
}

export function removeLine(collection: CollectionName, id: string): string {
  return JSON.stringify({ op: 'remove', c: collection, id });
}

export function removeClientLine(clientId: string, metaKeys: readonly string[]): string {
  return JSON.stringify({ op: 'removeClient', client: clientId, meta: metaKeys });
}

export const CLEAR_LINE = '{"op":"clear"}';

export function replaceLine(data: StoreData): string {
  return `{"op":"replace","d":${JSON.stringify(data)}}`;
}

function checkEntry(value: unknown): string | undefined {
  if (!isPlainObject(value)) return 'an entry is not an object';
  if (!isCollectionName(value['c'])) return `unknown collection ${JSON.stringify(value['c'])}`;
  if (!isStoredRecord(value['r'])) return 'a record lacks a string id or clientId';
  return undefined;
}

/** Whether a parsed value is a whole store's data (a snapshot, a `replace` line); fills in a missing `meta`. */
export function checkStoreData(raw: unknown): string | undefined {
  if (!isPlainObject(raw)) return 'the snapshot is not a JSON object';
  if (raw['version'] !== 1) return `unsupported snapshot version ${JSON.stringify(raw['version'])}`;
  if (raw['meta'] === undefined) raw['meta'] = {};
  else if (!isPlainObject(raw['meta'])) return '"meta" is not an object';
  const collections = raw['collections'];
  if (!isPlainObject(collections)) return '"collections" is missing or not an object';
  for (const name of COLLECTIONS) {
    if (!Object.hasOwn(collections, name)) continue;
    const records = collections[name];
    if (!isPlainObject(records)) return `collections.${name} is not an object`;
    for (const [id, record] of Object.entries(records)) {
      if (!isStoredRecord(record)) return `collections.${name}[${JSON.stringify(id)}] lacks a string id or clientId`;
    }
  }
  return undefined;
}

/** The operation a parsed journal line describes, or the reason it is not one. */
export function checkOp(value: unknown): JournalOp | string {
  if (!isPlainObject(value)) return 'not a JSON object';
  switch (value['op']) {
    case 'put':
      return checkEntry(value) ?? (value as JournalOp);
    case 'putMany': {
      const entries = value['e'];
      if (!Array.isArray(entries)) return 'putMany without an entry list';
      for (const entry of entries) {
        const problem = checkEntry(entry);
        if (problem) return problem;
      }
      return value as JournalOp;
    }
    case 'setMeta':
      return typeof value['k'] === 'string' ? (value as JournalOp) : 'setMeta without a string key';
    case 'clear':
      return { op: 'clear' };
    case 'remove':
      return isCollectionName(value['c']) && typeof value['id'] === 'string' ? (value as JournalOp) : 'remove without a collection and a string id';
    case 'removeClient': {
      const meta = value['meta'];
      const valid = typeof value['client'] === 'string' && Array.isArray(meta) && meta.every((key) => typeof key === 'string');
      return valid ? (value as JournalOp) : 'removeClient without a string client and a list of meta keys';
    }
    case 'replace':
      return checkStoreData(value['d']) ?? (value as JournalOp);
    default:
      return `unknown operation ${JSON.stringify(value['op'])}`;
  }
}
