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
}

/** In-memory mode: nothing to flush, nothing to snapshot. */
export class MemoryPersistence implements Persistence {
  queue(): void {}

  commit(): Promise<void> {
    return Promise.resolve();
  }

  checkpoint(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
