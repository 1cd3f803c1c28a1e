/**
 * The admin client's network profiles (`network`, docs/network-failures.md#profiles): apply one to a client for a
 * while or until removed, read it (the stage its ramp is in, what it did), remove it, list those that can be applied.
 * A call that names no client acts on the client's default one.
 */
import type { AdminSend, RequestOf } from '../admin-http/admin-transport.ts';

export type NetworkProfileApply = RequestOf<'applyNetworkProfile'>['body'];

export interface ProfileOptions {
  /** The client whose requests meet it; the admin client's default client when absent. */
  clientId?: string;
  /** The seed of its draws: the same seed and the same requests give the same faults. Drawn (and returned) when absent. */
  seed?: number;
  /** How long it lasts on the client's clock; until removed when absent. */
  forSeconds?: number;
}

export function networkMethods(send: AdminSend, defaultClientId: string) {
  const data = <T>(answer: Promise<{ data: T }>): Promise<T> => answer.then((body) => body.data);
  const client = (clientId: string | undefined) => ({ client_id: clientId ?? defaultClientId });
  return {
    /** Applies a profile by name (`flaky-mobile`) or given whole; resolves to it as applied (its `seed` repeats the run). */
    apply: (profile: NetworkProfileApply['profile'], { clientId, seed, forSeconds }: ProfileOptions = {}) => {
      const body: NetworkProfileApply = { profile, ...(seed !== undefined && { seed }), ...(forSeconds !== undefined && { forSeconds }) };
      return data(send('applyNetworkProfile', { path: client(clientId), body }));
    },
    /** The client's profile now: its stage, its seed, what it did (a 404 AdminError when it has none). */
    get: (clientId?: string) => data(send('getNetworkProfile', { path: client(clientId) })),
    /** Removes it; resolves to whether the client had one. */
    remove: (clientId?: string) => data(send('removeNetworkProfile', { path: client(clientId) })).then(({ removed }) => removed),
    /** The profiles that can be applied by name. */
    list: () => data(send('listNetworkProfiles')),
  };
}
