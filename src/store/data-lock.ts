/**
 * One owner per data file: `<file>.lock` holds the pid of the mock that uses it. A second mock on the same file
 * is refused, naming that pid; a lock whose process is gone (a crash, a kill -9) is stale and taken over. The
 * lock file is put in place whole (written aside, then hard-linked: the link fails if a lock exists), so a
 * reader never sees one without its pid.
 */
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { isProcessAlive, ownPid } from '../platform/host-process.ts';
import { errorText } from './snapshot.ts';
import { StoreOpenError, WRITABLE_NEXT_STEP } from './store-types.ts';

export interface DataLock {
  readonly lockFile: string;
  /** Removes the lock if this process still holds it. */
  release(): Promise<void>;
}

export class DataFileLocked extends StoreOpenError {
  constructor(
    file: string,
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(file, `it is in use by process ${pid} (another commerce-mock?)`);
    this.message =
      `data file ${file} is in use by process ${pid}: stop that mock or give this one another --data ` +
      `(if process ${pid} is not a commerce-mock, remove ${lockFile})`;
    this.name = 'DataFileLocked';
  }
}

/** Takes a stale lock over at most this many times before giving up (two mocks racing for the same stale lock). */
const ATTEMPTS = 3;

export async function lockDataFile(dataFile: string, pid = ownPid()): Promise<DataLock> {
  const file = resolve(dataFile);
  const lockFile = `${file}.lock`;
  const aside = `${lockFile}.${pid}.tmp`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(aside, `${pid}\n`);
  } catch (error) {
    throw new StoreOpenError(lockFile, `cannot write the lock file: ${errorText(error)}`, WRITABLE_NEXT_STEP);
  }
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      try {
        await link(aside, lockFile);
        return { lockFile, release: () => releaseIfHeld(lockFile, pid) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new StoreOpenError(lockFile, `cannot create the lock file: ${errorText(error)}`, WRITABLE_NEXT_STEP);
      }
      const holder = await readPid(lockFile);
      if (holder !== undefined && isProcessAlive(holder)) throw new DataFileLocked(file, lockFile, holder);
      // Stale: remove it only if it still names the dead holder (another mock may have just taken it over).
      if ((await readPid(lockFile)) === holder) await rm(lockFile, { force: true });
    }
    throw new StoreOpenError(lockFile, 'another process keeps taking the lock file over');
  } finally {
    await rm(aside, { force: true });
  }
}

async function releaseIfHeld(lockFile: string, pid: number): Promise<void> {
  if ((await readPid(lockFile)) === pid) await rm(lockFile, { force: true });
}

/** The pid a lock file names; undefined when it is gone or holds no pid (then it is stale). */
async function readPid(lockFile: string): Promise<number | undefined> {
  const text = await readFile(lockFile, 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}
