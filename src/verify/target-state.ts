/**
 * The state of a developer's mock under verification, kept on verify's side: before the run it is exported
 * (`GET /__admin/state`) into a recovery file (owner-only, in the system's temp directory, named after the target's
 * base URL), and after the run, or when a signal stops it, imported back (`PUT /__admin/state`) and the file
 * deleted. A run killed outright (SIGKILL) leaves the file: the next `verify` against that base URL, or
 * `verify --restore`, imports it first. The file lives apart from the mock, so a restart of the mock in between
 * loses nothing.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SuccessOf } from '../admin-http/admin-transport.ts';
import { createClock } from '../platform/clock.ts';
import type { ProviderApi } from '../provider-states/provider-api.ts';

export interface SavedTargetState {
  restore(): Promise<void>;
}

interface SavedFile {
  baseUrl: string;
  state: SuccessOf<'exportState'>;
}

/** Where the state of the mock at `baseUrl` is kept while a run has it reset. */
export function recoveryFile(baseUrl: string): string {
  const key = createHash('sha256').update(baseUrl.replace(/\/+$/, '')).digest('hex').slice(0, 16);
  return join(tmpdir(), `commerce-mock-verify-${key}.json`);
}

/** Gives the mock the state a killed run left in its recovery file; false when there was none. */
export async function restoreLeftState(api: ProviderApi, baseUrl: string): Promise<boolean> {
  const file = recoveryFile(baseUrl);
  let saved: SavedFile;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as SavedFile;
  } catch {
    return false;
  }
  await api.admin('importState', { body: stateToRestore(saved.state) });
  rmSync(file, { force: true });
  return true;
}

export async function saveTargetState(api: ProviderApi, baseUrl: string): Promise<SavedTargetState> {
  // A previous run was killed before it could give the mock its state back: that state is the developer's.
  await restoreLeftState(api, baseUrl);
  const state = await api.admin('exportState');
  const file = recoveryFile(baseUrl);
  // Written whole or not at all: a half-written file would be no state to restore.
  writeFileSync(`${file}.tmp`, JSON.stringify({ baseUrl, state } satisfies SavedFile), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
  // Given back once before anything is reset: proof that the mock takes this state back, and its import path is
  // warm, so a stopped run restores it in a fraction of a second (the first import of a mock costs about a second).
  await api.admin('importState', { body: stateToRestore(state) });
  return { restore: () => restoreLeftState(api, baseUrl).then(() => undefined) };
}

/** A running clock keeps running: its offset from real time is what is restored, not the instant it was saved at. */
function stateToRestore(state: SavedFile['state']): SavedFile['state'] {
  const clock = state.clock;
  if (!clock || clock.frozen || typeof clock.offsetMs !== 'number') return state;
  return { ...state, clock: { ...clock, now: new Date(createClock().nowMs() + clock.offsetMs).toISOString() } };
}
