/**
 * Where the store's changes go. `put` & co. update memory, then hand the journal line to a Persistence.
 */
import type { Low } from 'lowdb';
import type { StoreData } from './types.ts';

export interface Persistence {
  /** Queue one journal line (the change is already applied in memory). */
  queue(line: string): void;
  /** Resolves once every line queued so far is durable. */
  commit(): Promise<void>;
  /** Rewrite the snapshot and empty the journal. */
  checkpoint(): Promise<void>;
  /** Flush, checkpoint, release files. Called once by the store. */
  close(): Promise<void>;
}

/** In-memory mode: a lowdb `Memory` adapter takes the snapshot on checkpoint; there is nothing to flush. */
export class MemoryPersistence implements Persistence {
  constructor(
    private readonly db: Low<unknown>,
    private readonly capture: () => StoreData,
  ) {}

  queue(): void {}

  commit(): Promise<void> {
    return Promise.resolve();
  }

  async checkpoint(): Promise<void> {
    this.db.data = this.capture();
    await this.db.write();
  }

  close(): Promise<void> {
    return this.checkpoint();
  }
}
