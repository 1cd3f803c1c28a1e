/** A disk that can fill up: a store whose journal appends fail (ENOSPC) while `disk.full` is set. */
import type { JournalFile } from '../../src/store/wal-file.ts';
import { JournalWriter } from '../../src/store/write-ahead-log.ts';
import { MemoryState } from '../../src/store/memory-state.ts';
import { JournaledStore } from '../../src/store/store.ts';

export function storeOnDisk() {
  const disk = { full: false, written: [] as string[] };
  const journal: JournalFile = {
    write(data: Buffer) {
      if (disk.full) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      disk.written.push(data.toString('utf8'));
    },
    reserve() {
      if (disk.full) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    },
    async datasync() {},
    async truncate() {},
    async close() {},
  };
  const writer = new JournalWriter(journal, 0, { checkpointBytes: Number.POSITIVE_INFINITY, snapshot: async () => {} });
  return { disk, store: new JournaledStore(new MemoryState(), writer) };
}

