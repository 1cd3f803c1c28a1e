/**
 * The journal as the writer sees it: an append that returns once the bytes are in the page cache, and an
 * fdatasync that returns once they are on disk. The append is a plain write on the calling thread (microseconds,
 * no thread-pool trip); only the fdatasync, which waits for the disk, runs in the pool.
 */
import { writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

export interface JournalFile {
  /** Write all of `data` at the end of the file (opened for appending); throws what the write throws. */
  append(data: Buffer): void;
  datasync(): Promise<void>;
  truncate(size: number): Promise<void>;
  close(): Promise<void>;
}

export function journalFileOf(handle: FileHandle): JournalFile {
  return {
    append(data) {
      let offset = 0;
      while (offset < data.length) offset += writeSync(handle.fd, data, offset, data.length - offset, null);
    },
    datasync: () => handle.datasync(),
    truncate: (size) => handle.truncate(size),
    close: () => handle.close(),
  };
}
