/**
 * The snapshot: a lowdb `JSONFile` (lowdb writes through steno: a temp file `.<name>.tmp` beside it, then a
 * rename). Reading validates the shape minimally; writing adds the fsyncs lowdb leaves out, so the journal
 * is only truncated once the new snapshot is really on disk.
 */
import { open, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Low } from 'lowdb';
import { checkStoreData } from './log-lines.ts';
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

/** Rewrite the snapshot through lowdb, then make the file and its directory entry durable. */
export async function writeSnapshot(db: Low<unknown>, file: string, data: StoreData): Promise<void> {
  db.data = data;
  await db.write();
  const handle = await open(file, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
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

async function exists(file: string): Promise<boolean> {
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
