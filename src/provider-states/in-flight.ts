/**
 * The state changes a server is still making on the mock. A stopped verify run closes its servers and then gives the
 * mock its saved state back: a setup still running then (a reset, a scenario activated) would land after the restore
 * and undo it, so closing waits for what is in flight and refuses what comes after.
 */
import type { Server } from 'node:http';
export interface InFlight {
  /** False once closing began: the caller answers without touching the mock. */
  readonly open: boolean;
  track<T>(work: Promise<T>): Promise<T>;
  /** Stops taking work and waits for what was taken to settle. */
  close(): Promise<void>;
}

/** Closes `server` once the work it took has settled: idle connections at once, new work refused meanwhile. */
export async function closeAfterWork(server: Server, work: InFlight): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await work.close();
  await closed;
}

export function inFlight(): InFlight {
  const running = new Set<Promise<unknown>>();
  let open = true;
  return {
    get open() {
      return open;
    },
    track(work) {
      running.add(work);
      void work.then(
        () => running.delete(work),
        () => running.delete(work),
      );
      return work;
    },
    async close() {
      open = false;
      await Promise.allSettled([...running]);
    },
  };
}
