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
  /**
   * Gives up every line not yet handed to the disk, as a refused append does: their undos run, newest first, and
   * the commits waiting on them reject with `reason`. For a change that cannot be made whole (a stager threw).
   */
  abandon(reason: unknown): void;
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
  /** The undos of the lines queued since the last commit or checkpoint: what `abandon` takes back. */
  #uncommitted: Array<() => void> = [];

  constructor(private readonly checkpointBytes: number) {}

  queue(line: string, undo: () => void): void {
    this.#uncommitted.push(undo);
    this.#bytes += line.length;
    if (this.#bytes < this.checkpointBytes || this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => void this.checkpoint());
  }

  commit(): Promise<void> {
    if (this.#uncommitted.length > 0) this.#uncommitted = [];
    return Promise.resolve();
  }

  abandon(): void {
    const undos = this.#uncommitted;
    this.#uncommitted = [];
    for (let index = undos.length - 1; index >= 0; index -= 1) undos[index]!();
  }

  checkpoint(): Promise<void> {
    this.#scheduled = false;
    this.#bytes = 0;
    // Lines no commit follows (a token's lastUsedAt) are kept for `abandon` no longer than a checkpoint's worth:
    // a checkpoint runs deferred, never between a change's writes and its staging.
    this.#uncommitted = [];
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
