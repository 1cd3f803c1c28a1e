/**
 * The state of a mock under verification, saved in the mock itself as the named snapshot `commerce-mock-verify`
 * before the run and restored (then deleted) after it. A run killed outright (SIGKILL) cannot restore it: the
 * snapshot stays in the mock, and the next `verify` against that mock restores it before it starts, so the
 * developer's records, clock and scenarios come back.
 */
import type { ProviderApi } from './provider-api.ts';

export const SAVED_SNAPSHOT = 'commerce-mock-verify';

export interface SavedTargetState {
  restore(): Promise<void>;
}

export async function saveTargetState(api: ProviderApi): Promise<SavedTargetState> {
  const path = `/snapshots/${SAVED_SNAPSHOT}`;
  const left = await api.admin('GET', '/snapshots');
  const snapshots = Array.isArray(left.body['data']) ? (left.body['data'] as Array<{ name?: unknown }>) : [];
  // A previous run was killed before it could give the mock its state back: that state is the developer's.
  if (snapshots.some((snapshot) => snapshot.name === SAVED_SNAPSHOT)) await api.admin('POST', `${path}/restore`);
  await api.admin('POST', '/snapshots', { name: SAVED_SNAPSHOT });
  return {
    async restore() {
      await api.admin('POST', `${path}/restore`);
      await api.admin('DELETE', path);
    },
  };
}
