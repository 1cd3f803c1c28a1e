/**
 * The durable write's floor: what the disk allows one writer that appends `bytes` and waits for them to be on disk
 * each time, as a create order at one connection does (one journal append, one fdatasync), with nothing else around
 * it. A bare `fs.writeSync` + `fdatasyncSync` loop on a file of its own, for `seconds`.
 */
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';

export interface FsyncFloor {
  bytes: number;
  /** Appends made durable per second. */
  perSecond: number;
  /** The loop's own CPU time (user + system) per append, µs: what a durable write costs the process besides waiting. */
  cpuUs: number;
}

export function fsyncFloor(file: string, bytes: number, seconds: number): FsyncFloor {
  const data = Buffer.alloc(bytes, 'x');
  data[bytes - 1] = 0x0a;
  const fd = openSync(file, 'a');
  let writes = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  try {
    while (performance.now() < until) {
      writeSync(fd, data);
      fdatasyncSync(fd);
      writes += 1;
    }
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
  const spent = process.cpuUsage(cpu);
  return { bytes, perSecond: (writes * 1000) / (performance.now() - started), cpuUs: (spent.user + spent.system) / writes };
}
