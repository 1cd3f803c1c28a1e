/** A disk that can fill up: a store whose journal appends fail (ENOSPC) while `disk.full` is set. */
import type { FileHandle } from 'node:fs/promises';
import { JournalWriter } from '../../src/store/write-ahead-log.ts';
import { MemoryState } from '../../src/store/memory-state.ts';
import { JournaledStore } from '../../src/store/store.ts';

export function storeOnDisk() {
  const disk = { full: false, written: [] as string[] };
  const handle = {
    async write(data: Buffer, offset: number, length: number) {
      if (disk.full) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      disk.written.push(data.toString('utf8', offset, offset + length));
      return { bytesWritten: length, buffer: data };
    },
    async datasync() {},
    async truncate() {},
    async close() {},
  };
  const writer = new JournalWriter(handle as unknown as FileHandle, 0, { checkpointBytes: Number.POSITIVE_INFINITY, snapshot: async () => {} });
  return { disk, store: new JournaledStore(new MemoryState(), writer) };
}

