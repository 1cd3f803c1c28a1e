/**
 * Named snapshots of the whole state, kept in memory only (bounded by `config.snapshots`): a reset keeps them (they
 * are what one goes back to), an export does not carry them, a restart loses them (the start banner says so).
 */
import type { ExportedState } from './mock-state.ts';

export interface Snapshot {
  name: string;
  savedAt: string;
  state: ExportedState;
  /** Its size as JSON, counted against `snapshots.maxTotalBytes`. */
  bytes: number;
}

export type Snapshots = Map<string, Snapshot>;

export function createSnapshots(): Snapshots {
  return new Map();
}
