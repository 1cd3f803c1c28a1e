/**
 * Runs webhook attempts in the background: one at a time per client (in the order they were queued), at most
 * `concurrency` clients at once. Nothing that moves state waits here: the clock, the request path and the admin
 * API hand a delivery over and answer; each attempt has its own timeout (see http-send.ts).
 */
export interface Dispatcher {
  /** Queues a job of a client; the promise settles when it has run (the job never throws into the caller). */
  run(clientId: string, job: () => Promise<void>): Promise<void>;
  /** Resolves once nothing is queued or running (tests, shutdown). */
  idle(): Promise<void>;
}

export function createDispatcher(concurrency: number, onError: (error: unknown) => void): Dispatcher {
  const queues = new Map<string, Array<{ job: () => Promise<void>; done: () => void }>>();
  const ready: string[] = [];
  let running = 0;
  let waiters: Array<() => void> = [];

  const pump = () => {
    while (running < concurrency && ready.length > 0) {
      const clientId = ready.shift() as string;
      const queue = queues.get(clientId);
      const next = queue?.shift();
      if (!next) continue;
      running += 1;
      void next
        .job()
        .catch(onError)
        .finally(() => {
          running -= 1;
          next.done();
          // The client's next job waits for this one: per-client order is kept.
          if (queue && queue.length > 0) ready.push(clientId);
          else queues.delete(clientId);
          pump();
          if (running === 0 && ready.length === 0) {
            const resolved = waiters;
            waiters = [];
            resolved.forEach((resolve) => resolve());
          }
        });
    }
  };

  return {
    run(clientId, job) {
      return new Promise<void>((done) => {
        const queue = queues.get(clientId);
        if (queue) queue.push({ job, done });
        else {
          queues.set(clientId, [{ job, done }]);
          ready.push(clientId);
        }
        pump();
      });
    },
    idle: () => (running === 0 && ready.length === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
  };
}
