/**
 * The snapshot: one compact JSON file. It is read through lowdb's `JSONFile` and validated minimally; it is written
 * streamed (record by record, never the whole text in memory) to a temp file `.<name>.tmp` beside it, made durable,
 * then renamed over it, the same temp file lowdb's writer used, so an interrupted write is found and removed at start.
 */
import { open, rename, stat } from 'node:fs/promises';
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

/** Past this many characters a piece of the snapshot is written out before the next is built. */
const PIECE_CHARS = 1 << 20;

/**
 * The snapshot's text, compact, in pieces of about a megabyte: `{"version":1,"meta":{…},"collections":{…}}`, the
 * same object `readSnapshot` parses. One record is serialized at a time, so the whole text never sits in memory.
 */
export function* snapshotPieces(capture: SnapshotCapture): Generator<string> {
  const meta = capture.meta.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',');
  let piece = `{"version":1,"meta":{${meta}},"collections":{`;
  let first = true;
  for (const [name, records] of capture.collections) {
    piece += `${first ? '' : ','}"${name}":{`;
    first = false;
    for (let at = 0; at < records.length; at++) {
      const record = records[at]!;
      piece += `${at === 0 ? '' : ','}${JSON.stringify(record.id)}:${JSON.stringify(record)}`;
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = '';
      }
    }
    piece += '}';
  }
  yield `${piece}}}`;
}

/**
 * Rewrite the snapshot: stream it into a temp file beside it, fdatasync, rename it over the snapshot, then sync the
 * directory, so the journal is only truncated once the new snapshot is really on disk.
 */
export async function writeSnapshot(file: string, capture: SnapshotCapture): Promise<void> {
  const temp = tempFileOf(file);
  const handle = await open(temp, 'w');
  try {
    for (const piece of snapshotPieces(capture)) await handle.write(piece);
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
