/**
 * The journal as the writer sees it: a write at a given offset that returns once the bytes are in the page cache,
 * and an fdatasync that returns once they are on disk. Both run on the calling thread, with no thread-pool trip: a
 * trip to the pool and back cost 50–80 µs per durable write on a 2-core machine (a quarter of the fdatasync itself),
 * and a write waits for its fdatasync anyway. While it runs, requests wait in their sockets and join the next
 * group commit: at 50 connections creating orders, throughput measured the same either way
 * (bench/experiments.md, "The durable write").
 *
 * The file is opened for reading and writing, not for appending: the writer places each batch itself, over the
 * zeros it reserved past the last line (write-ahead-log.ts).
 */
import { fdatasyncSync, writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

export interface JournalFile {
  /** Write all of `data` at `position`; throws what the write throws. */
  write(data: Buffer, position: number): void;
  /** Fill `from` up to `to` with zeros: the space later lines are written over; throws what the write throws. */
  reserve(from: number, to: number): void;
  datasync(): Promise<void>;
  truncate(size: number): Promise<void>;
  close(): Promise<void>;
}

export function journalFileOf(handle: FileHandle): JournalFile {
  const write = (data: Buffer, position: number) => {
    let offset = 0;
    while (offset < data.length) offset += writeSync(handle.fd, data, offset, data.length - offset, position + offset);
  };
  return {
    write,
    reserve: (from, to) => write(Buffer.alloc(to - from), from),
    datasync: async () => fdatasyncSync(handle.fd),
    truncate: (size) => handle.truncate(size),
    close: () => handle.close(),
  };
}
