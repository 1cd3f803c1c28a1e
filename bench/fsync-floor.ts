/**
 * The durable write's floor: what the disk allows one writer that writes `bytes` and waits for them to be on disk
 * each time, as a create order at one connection does (one journal write, one fdatasync), with nothing else around
 * it. A bare `fs.writeSync` + `fdatasyncSync` loop on a file of its own, for `seconds`, writing as the journal
 * does: in place, over zeros reserved 1 MiB at a time (src/store/write-ahead-log.ts), so most fdatasyncs flush the
 * data alone. The same loop appending to a growing file, whose every fdatasync also commits the file's new size,
 * is measured beside it (`appending`).
 */
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { JOURNAL_RESERVE_BYTES } from '../src/store/write-ahead-log.ts';

export interface FsyncFloor {
  bytes: number;
  /** Writes made durable per second. */
  perSecond: number;
  /** The loop's own CPU time (user + system) per write, µs: what a durable write costs the process besides waiting. */
  cpuUs: number;
  /** The same loop appending to a growing file. */
  appending: { perSecond: number; cpuUs: number };
}

export function fsyncFloor(file: string, bytes: number, seconds: number): FsyncFloor {
  const data = Buffer.alloc(bytes, 'x');
  data[bytes - 1] = 0x0a;
  let reserved = 0;
  const inPlace = loop(file, seconds, 'w+', (fd, written) => {
    const position = written * bytes;
    writeSync(fd, data, 0, bytes, position);
    if (position + bytes > reserved) {
      writeSync(fd, Buffer.alloc(JOURNAL_RESERVE_BYTES), 0, JOURNAL_RESERVE_BYTES, position + bytes);
      reserved = position + bytes + JOURNAL_RESERVE_BYTES;
    }
  });
  const appending = loop(file, seconds, 'a', (fd) => writeSync(fd, data));
  return { bytes, ...inPlace, appending };
}

function loop(file: string, seconds: number, flags: string, write: (fd: number, written: number) => void): { perSecond: number; cpuUs: number } {
  const fd = openSync(file, flags);
  let writes = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  try {
    while (performance.now() < until) {
      write(fd, writes);
      fdatasyncSync(fd);
      writes += 1;
    }
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
  const spent = process.cpuUsage(cpu);
  return { perSecond: (writes * 1000) / (performance.now() - started), cpuUs: (spent.user + spent.system) / writes };
}
