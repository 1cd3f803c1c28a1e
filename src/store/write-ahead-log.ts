/**
 * The append side of the journal, with group commit and checkpoints.
 *
 * Lines queued by `put` & co. wait in the *open* batch. One append at a time is in flight; everything queued
 * meanwhile goes out together in the next single write + fdatasync, so N concurrent commits cost about two
 * appends. The write and its fdatasync run on the main thread (wal-file.ts). Appends and checkpoints run one after
 * the other on a single chain (never interleaved).
 *
 * A checkpoint captures the whole in-memory state synchronously, so it also covers the lines still waiting
 * in the open batch: their commits resolve once the snapshot is durable and the journal truncated, without
 * appending them. Lines queued after the capture go to the fresh journal.
 *
 * The journal's file runs past its last line into zeros the writer reserved, and each batch is written over them:
 * an fdatasync of bytes written inside the file then has only the data to flush, where one that grows the file
 * also commits its new size (170 against 270 µs, and 55 against 95 µs of CPU, a durable write on this project's
 * machine: bench/experiments.md, "The durable write"). The reserve is made again, in the same write's fdatasync,
 * each time the lines reach its end; the reader stops at the first zero byte (wal-reader.ts).
 *
 * A failed append is cut back off the journal (ftruncate to the size before it), and memory is taken back to
 * what is durable: the undo of every line not yet durable (the failed batch and whatever was queued after it)
 * runs, newest first, and all their commits reject. No change that was answered with an error can reach the
 * disk later. If even the cut fails, the journal is "poisoned": the next flush is a checkpoint, which rewrites
 * everything from memory (by then the durable state).
 */
import { monotonicMs } from '../platform/clock.ts';
import { setImmediate } from 'node:timers';
import type { JournalFile } from './wal-file.ts';
import type { Persistence } from './persistence.ts';
import type { AppendEvent, CheckpointEvent } from './store-types.ts';

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Batch {
  lines: string[];
  /** One per line: takes memory back to before it. */
  undos: Array<() => void>;
  waiters: Waiter[];
}

/** Zeros reserved past the journal's last line at a time (at most the checkpoint's size: the journal is cut at it). */
export const JOURNAL_RESERVE_BYTES = 1024 * 1024;

export interface JournalWriterOptions {
  /** Journal size past which a checkpoint runs (checked after each append). */
  checkpointBytes: number;
  /** Capture the state synchronously when called, then write it durably as the snapshot. */
  snapshot: () => Promise<void>;
  onAppend?: ((event: AppendEvent) => void) | undefined;
  onCheckpoint?: ((event: CheckpointEvent) => void) | undefined;
}

export class JournalWriter implements Persistence {
  #open: Batch | null = null;
  /** The batch being appended, or covered by the checkpoint being written. */
  #inFlight: Batch | null = null;
  #chain: Promise<void> = Promise.resolve();
  #scheduled = false;
  /** The journal's lines: where the next batch is written. */
  #size: number;
  /** Where the zeros reserved past the lines end (the file's size; never less than #size). */
  #reserved: number;
  #poison: unknown = null;
  #released = false;
  #closing: Promise<void> | null = null;
  #prune: () => void = () => undefined;

  constructor(
    private readonly handle: JournalFile,
    size: number,
    private readonly options: JournalWriterOptions,
  ) {
    this.#size = size;
    this.#reserved = size;
  }

  queue(line: string, undo: () => void): void {
    this.#open ??= { lines: [], undos: [], waiters: [] };
    this.#open.lines.push(line);
    this.#open.undos.push(undo);
    this.#schedule();
  }

  commit(): Promise<void> {
    const batch = this.#open ?? this.#inFlight;
    if (!batch) return Promise.resolve();
    if (batch === this.#open) this.#schedule();
    return new Promise((resolve, reject) => batch.waiters.push({ resolve, reject }));
  }

  abandon(reason: unknown): void {
    // Only the open batch: the one in flight was queued before, by changes already being made durable.
    this.#rollBack([this.#open], reason);
    this.#open = null;
  }

  checkpoint(): Promise<void> {
    return this.#exclusive(() => this.#checkpointOrRequeue());
  }

  pruneAtCheckpoint(prune: () => void): void {
    this.#prune = prune;
  }

  close(): Promise<void> {
    this.#closing ??= this.#exclusive(async () => {
      try {
        await this.#checkpointOrRequeue();
      } catch (error) {
        // Keep what the snapshot could not take: append it, so the next start replays it.
        if (!this.#poison) await this.#flush();
        throw error;
      } finally {
        this.#released = true;
        this.#rejectAll(this.#open, new Error('the store is closed'));
        await this.handle.close();
      }
    });
    return this.#closing;
  }

  #exclusive(task: () => Promise<void>): Promise<void> {
    const run = this.#chain.then(task);
    this.#chain = run.catch(() => undefined);
    return run;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // After the current task and its promise jobs: the write is synchronous, so a flush started as a promise job
    // could fail and roll back before the request that queued the lines reached its commit, which would then find
    // nothing pending and acknowledge a write that is gone. Deferred to the check phase, every commit of this
    // task is waiting on the batch when it is written. #flush settles its waiters itself; only a throwing
    // onAppend/onCheckpoint hook could land in the catch.
    setImmediate(() => {
      this.#exclusive(() => this.#flush()).catch(() => undefined);
    });
  }

  /** One group commit: append the open batch (never throws; failures go to the batch's waiters). */
  async #flush(): Promise<void> {
    this.#scheduled = false;
    const batch = this.#open;
    if (!batch) return;
    if (this.#released) return this.#rejectAll(batch, new Error('the store is closed'));
    if (this.#poison) return this.#checkpointOrRequeue().catch(() => undefined);
    this.#open = null;
    this.#inFlight = batch;
    const before = this.#size;
    const lines = batch.lines.length;
    let bytes = 0;
    try {
      bytes = this.#append(batch);
      await this.handle.datasync();
    } catch (error) {
      this.#inFlight = null;
      await this.handle.truncate(before).then(
        () => (this.#reserved = before),
        (cutError: unknown) => (this.#poison = cutError),
      );
      this.#rollBack([batch, this.#open], error);
      this.#open = null;
      return;
    }
    this.#size += bytes;
    this.#inFlight = null;
    for (const waiter of batch.waiters) waiter.resolve();
    this.options.onAppend?.({ lines, bytes, journalBytes: this.#size });
    if (this.#size >= this.options.checkpointBytes) await this.#checkpointOrRequeue().catch(() => undefined);
  }

  /**
   * Write the batch's lines to the page cache; returns their bytes. Neither the lines nor their buffer are kept
   * through the fdatasync that follows (a rollback needs only the undos): under load they then die young instead of
   * being promoted to the old generation while the disk syncs.
   */
  #append(batch: Batch): number {
    const data = Buffer.from(`${batch.lines.join('\n')}\n`, 'utf8');
    batch.lines = [];
    const end = this.#size + data.length;
    this.handle.write(data, this.#size);
    if (end > this.#reserved) this.#reserve(end);
    return data.length;
  }

  /**
   * Zeros past `end` for the lines to come. Only a saving: a disk too full for them (or any failure to write them)
   * leaves the lines as written, and the next append tries again. Zeros partly written are past the lines, where
   * the reader never looks.
   */
  #reserve(end: number): void {
    const reserved = end + Math.min(JOURNAL_RESERVE_BYTES, this.options.checkpointBytes);
    try {
      this.handle.reserve(end, reserved);
      this.#reserved = reserved;
    } catch {
      this.#reserved = end;
    }
  }

  /** Must run on the chain. On failure the covered lines are queued again (or, if poisoned, rejected). */
  async #checkpointOrRequeue(): Promise<void> {
    // Before the open batch is taken: the removes it queues are covered by this snapshot like any other line.
    this.#prune();
    const covered = this.#open ?? { lines: [], undos: [], waiters: [] };
    this.#open = null;
    this.#inFlight = covered;
    const started = monotonicMs();
    const journalBytes = this.#size;
    try {
      await this.options.snapshot(); // captures the state before its first await
      await this.handle.truncate(0);
      await this.handle.datasync();
    } catch (error) {
      this.#inFlight = null;
      this.#requeue(covered);
      if (this.#poison) this.#rejectAll(this.#open, error);
      else if (this.#open) this.#schedule();
      throw error;
    }
    this.#size = 0;
    this.#reserved = 0;
    this.#poison = null;
    this.#inFlight = null;
    for (const waiter of covered.waiters) waiter.resolve();
    this.options.onCheckpoint?.({ journalBytes, durationMs: monotonicMs() - started });
  }

  /** Put a batch's lines back in front of whatever was queued after it. */
  #requeue(batch: Batch): void {
    const later = this.#open;
    this.#open = later
      ? { lines: batch.lines.concat(later.lines), undos: batch.undos.concat(later.undos), waiters: batch.waiters.concat(later.waiters) }
      : batch;
    if (this.#open.lines.length === 0 && this.#open.waiters.length === 0) this.#open = null;
  }

  /** Undo the batches' lines, newest first (later batches before earlier ones), and reject their commits. */
  #rollBack(batches: Array<Batch | null>, error: unknown): void {
    for (const batch of [...batches].reverse()) {
      if (!batch) continue;
      for (const undo of [...batch.undos].reverse()) undo();
      this.#rejectAll(batch, error);
    }
  }

  #rejectAll(batch: Batch | null, error: unknown): void {
    if (!batch) return;
    for (const waiter of batch.waiters.splice(0)) waiter.reject(error);
  }
}
