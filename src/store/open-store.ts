/**
 * openStore: in memory (no `file`), or file-backed — a lowdb JSON snapshot at `file` plus an append-only
 * journal `<file>.journal` (see log-lines.ts). Start-up: drop lowdb's leftover temp file, load the snapshot,
 * replay the journal (ignoring a torn last line), cut the journal back to its last good line, open it for
 * appending. With `reset` both files are renamed aside first and the store starts empty. An unusable snapshot
 * or journal is never modified: StoreOpenError, or with `setAsideUnreadable` both files are renamed aside and the
 * store starts empty. A path that is not a file (a directory) is refused either way, and nothing is moved.
 */
import { constants } from 'node:fs';
import { mkdir, open, rm, truncate } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { journalFileOf } from './wal-file.ts';
import { JournalWriter } from './write-ahead-log.ts';
import { readJournal } from './wal-reader.ts';
import { MemoryState } from './memory-state.ts';
import { MemoryPersistence } from './persistence.ts';
import { firstNonFile, setAside, type SetAsideCause } from './recovery.ts';
import { CorruptFile, errorText, readSnapshot, tempFileOf, writeSnapshot } from './snapshot.ts';
import { JournaledStore } from './store.ts';
import { StoreOpenError, WRITABLE_NEXT_STEP, type Store, type StoreOptions } from './store-types.ts';
import { wallClockNow } from '../platform/clock.ts';

export const DEFAULT_CHECKPOINT_BYTES = 32 * 1024 * 1024;

export async function openStore(options: StoreOptions): Promise<Store> {
  const state = new MemoryState();
  if (options.file === undefined) {
    return new JournaledStore(state, new MemoryPersistence(options.checkpointBytes ?? DEFAULT_CHECKPOINT_BYTES), options.prune);
  }

  const file = resolve(options.file);
  const journalFile = `${file}.journal`;
  await refuseNonFiles([file, journalFile]);
  await prepareDirectory(file);
  const db = new Low<unknown>(new JSONFile<unknown>(file), null);
  const moveAside = async (cause: SetAsideCause, about: string, reason?: string) => {
    const movedTo = await setAside([file, journalFile], options.now?.() ?? wallClockNow(), cause).catch((moveError: unknown) => {
      throw new StoreOpenError(about, `${reason ? `${reason}; ` : ''}moving it aside failed, nothing was moved: ${errorText(moveError)}`, WRITABLE_NEXT_STEP);
    });
    options.onSetAside?.({ cause, file: about, ...(reason === undefined ? {} : { reason }), movedTo });
  };
  if (options.reset) await moveAside('reset', file);

  let journalBytes = 0;
  try {
    const loaded = await load(db, file, journalFile, state);
    journalBytes = loaded.journalBytes;
    options.onLoad?.({ file, found: loaded.found });
  } catch (error) {
    if (!(error instanceof CorruptFile)) throw error;
    if (!options.setAsideUnreadable) throw new StoreOpenError(error.file, error.reason);
    state.clear();
    await moveAside('unreadable', error.file, error.reason);
  }

  let handle;
  try {
    // Read and write, not append: the writer writes each batch where the lines end, over the zeros it reserved.
    handle = await open(journalFile, constants.O_RDWR | constants.O_CREAT);
  } catch (error) {
    throw new StoreOpenError(journalFile, `cannot open the journal for appending: ${errorText(error)}`, WRITABLE_NEXT_STEP);
  }
  const writer = new JournalWriter(journalFileOf(handle), journalBytes, {
    checkpointBytes: options.checkpointBytes ?? DEFAULT_CHECKPOINT_BYTES,
    snapshot: () => writeSnapshot(file, state.capture()),
    onAppend: options.onAppend,
    onCheckpoint: options.onCheckpoint,
  });
  return new JournaledStore(state, writer, options.prune);
}

/** Create the parent directories and remove a temp file an interrupted lowdb write left behind. */
async function prepareDirectory(file: string): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true });
    // steno renames the temp file over the snapshot only once it is complete, and the journal is truncated
    // only after that: a leftover temp file is an unfinished checkpoint whose data the journal still holds.
    await rm(tempFileOf(file), { force: true });
  } catch (error) {
    throw new StoreOpenError(file, `cannot prepare its directory: ${errorText(error)}`, WRITABLE_NEXT_STEP);
  }
}

/** Snapshot + journal replay into `state`; returns the journal size to append after, and whether either held anything. */
async function load(db: Low<unknown>, file: string, journalFile: string, state: MemoryState): Promise<{ journalBytes: number; found: boolean }> {
  const snapshot = await readSnapshot(db, file);
  if (snapshot) state.load(snapshot);
  const journal = await readJournal(journalFile);
  for (const op of journal.ops) state.apply(op);
  if (journal.validBytes < journal.totalBytes) {
    // The zeros reserved past the last line, and a torn last append (never acknowledged): cut off, so the next
    // append starts on a clean line and nothing a torn write left lies past the writer's new reserve.
    await truncate(journalFile, journal.validBytes).catch((error: unknown) => {
      throw new StoreOpenError(journalFile, `cannot cut off a torn last line: ${errorText(error)}`);
    });
  }
  return { journalBytes: journal.validBytes, found: snapshot !== null || journal.ops.length > 0 };
}

/** A data path that is a directory (or anything but a file) is neither read nor moved. */
async function refuseNonFiles(paths: readonly string[]): Promise<void> {
  let found;
  try {
    found = await firstNonFile(paths);
  } catch (error) {
    throw new StoreOpenError(paths[0] ?? '', `cannot look at it: ${errorText(error)}`);
  }
  if (found) throw new StoreOpenError(found.path, `it is ${found.kind}, not a data file; nothing was changed`, 'Give --data the path of a file (its directory is made when missing).');
}
