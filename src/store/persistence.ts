import { setImmediate } from 'node:timers';

/**
 * Where the store's changes go. `put` & co. update memory, then hand the journal line to a Persistence.
 */

export interface Persistence {
  /**
   * Queue one journal line (the change is already applied in memory) with the `undo` that takes memory back to
   * before it: if the line cannot be made durable, every change not yet durable is undone, newest first.
   */
  queue(line: string, undo: () => void): void;
  /** Resolves once every line queued so far is durable. */
  commit(): Promise<void>;
  /** Rewrite the snapshot and empty the journal. */
  checkpoint(): Promise<void>;
  /** Flush, checkpoint, release files. Called once by the store. */
  close(): Promise<void>;
  /**
   * Run `prune` synchronously at the start of every checkpoint: the lines it queues are covered by the snapshot.
   * Set once by the store.
   */
  pruneAtCheckpoint(prune: () => void): void;
}

/**
 * In-memory mode: nothing to flush, nothing to snapshot. A checkpoint only prunes; one runs, deferred out of the
 * write that crossed it, each time the lines queued since the last reach `checkpointBytes`, as a journal would.
 */
export class MemoryPersistence implements Persistence {
  #prune: () => void = () => undefined;
  #bytes = 0;
  #scheduled = false;

  constructor(private readonly checkpointBytes: number) {}

  queue(line: string): void {
    this.#bytes += line.length;
    if (this.#bytes < this.checkpointBytes || this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => void this.checkpoint());
  }

  commit(): Promise<void> {
    return Promise.resolve();
  }

  checkpoint(): Promise<void> {
    this.#scheduled = false;
    this.#bytes = 0;
    this.#prune();
    return Promise.resolve();
  }

  pruneAtCheckpoint(prune: () => void): void {
    this.#prune = prune;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
