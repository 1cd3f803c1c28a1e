/**
 * The snapshot: one compact JSON file. It is read through lowdb's `JSONFile` and validated minimally; it is written
 * streamed (record by record, never the whole text in memory) to a temp file `.<name>.tmp` beside it, made durable,
 * then renamed over it, the same temp file lowdb's writer used, so an interrupted write is found and removed at start.
 * The text goes through one reused buffer of `CHUNK_BYTES`: what a checkpoint holds at once is a chunk and one record.
 */
import { open, rename, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Low } from 'lowdb';
import { checkStoreData } from './log-lines.ts';
import type { SnapshotCapture } from './memory-state.ts';
import type { StoreData } from './store-types.ts';

/** A data file (snapshot or journal) that cannot be used as it is. */
export class CorruptFile extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'CorruptFile';
  }
}

/** Where steno (lowdb's writer) stages a write: `.<basename>.tmp` in the same directory. */
export function tempFileOf(file: string): string {
  return join(dirname(file), `.${basename(file)}.tmp`);
}

/** The snapshot's content, or null when there is no file yet. */
export async function readSnapshot(db: Low<unknown>, file: string): Promise<StoreData | null> {
  let raw: unknown;
  try {
    raw = await db.adapter.read();
  } catch (error) {
    throw new CorruptFile(file, error instanceof SyntaxError ? `not valid JSON (${error.message})` : errorText(error));
  }
  if (raw === null) {
    // The adapter answers null both for a missing file and for a file holding the JSON `null`.
    if (await exists(file)) throw new CorruptFile(file, 'the snapshot holds null');
    return null;
  }
  const problem = checkStoreData(raw);
  if (problem) throw new CorruptFile(file, problem);
  return raw as StoreData;
}

/** The snapshot is written through one buffer of this size, reused: the checkpoint's peak is a chunk, not the state. */
export const CHUNK_BYTES = 1 << 20;

/**
 * The snapshot's text, compact, as small texts (one per record): `{"version":1,"meta":{…},"collections":{…}}`, the
 * same object `readSnapshot` parses. Each text is copied into the chunk as soon as it is made, so it dies young
 * (no string of many records is ever built, and none lives long enough to be promoted to the old generation).
 */
export function* snapshotTexts(capture: SnapshotCapture): Generator<string> {
  yield '{"version":1,"meta":{';
  for (const [at, [key, value]] of capture.meta.entries()) yield `${at === 0 ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(value)}`;
  yield '},"collections":{';
  for (const [index, [name, records]] of capture.collections.entries()) {
    yield `${index === 0 ? '' : ','}"${name}":{`;
    for (let at = 0; at < records.length; at++) {
      const record = records[at]!;
      yield `${at === 0 ? '' : ','}${JSON.stringify(record.id)}:${JSON.stringify(record)}`;
    }
    yield '}';
  }
  yield '}}';
}

/** Copy `texts` into one reused buffer of `chunkBytes`, writing it out each time it is full (a larger text alone). */
export async function writeInChunks(handle: FileHandle, texts: Iterable<string>, chunkBytes = CHUNK_BYTES): Promise<void> {
  const chunk = Buffer.allocUnsafe(chunkBytes);
  let used = 0;
  for (const text of texts) {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit: count exactly only when that bound does not fit.
    const bytes = text.length * 3 <= chunkBytes - used ? -1 : Buffer.byteLength(text);
    if (bytes > chunkBytes - used) {
      if (used > 0) await writeAll(handle, chunk, used);
      used = 0;
      if (bytes > chunkBytes) {
        await writeAll(handle, Buffer.from(text, 'utf8'), bytes);
        continue;
      }
    }
    used += chunk.write(text, used);
  }
  if (used > 0) await writeAll(handle, chunk, used);
}

async function writeAll(handle: FileHandle, buffer: Buffer, length: number): Promise<void> {
  for (let offset = 0; offset < length; ) offset += (await handle.write(buffer, offset, length - offset)).bytesWritten;
}

/**
 * Rewrite the snapshot: write it in chunks into a temp file beside it, fdatasync, rename it over the snapshot, then
 * sync the directory, so the journal is only truncated once the new snapshot is really on disk.
 */
export async function writeSnapshot(file: string, capture: SnapshotCapture): Promise<void> {
  const temp = tempFileOf(file);
  const handle = await open(temp, 'w');
  try {
    await writeInChunks(handle, snapshotTexts(capture));
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  await syncDirectory(dirname(file));
}

async function syncDirectory(directory: string): Promise<void> {
  let handle;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch {
    // Some platforms cannot open or fsync a directory; the rename is then as durable as the OS makes it.
  } finally {
    await handle?.close();
  }
}

/** Whether a file is there; a file that cannot even be looked at (permissions, a broken disk) is a CorruptFile. */
export async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new CorruptFile(file, errorText(error));
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
