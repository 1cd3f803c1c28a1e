/**
 * One change of Pact's provider-state protocol (`{state, params, action}`), applied to the provider through a
 * session of the catalogue (provider-states.ts): the one entry both endpoints adapt, `verify`'s HTTP state server
 * (state-server.ts) and the mock's own `POST /__admin/pact/provider-states` (server/mock-provider-states.ts).
 */
import { PROVIDER_STATES, resolveState } from './provider-states.ts';
import type { StateSessions } from './state-session.ts';

export interface StateChange {
  state?: unknown;
  params?: unknown;
  action?: unknown;
}

/** A state the catalogue does not know: named, with the names it knows. */
export class UnknownProviderState extends Error {
  constructor(readonly state: string) {
    super(`unknown provider state "${state}"`);
  }

  readonly known: readonly string[] = PROVIDER_STATES.map((known) => known.name);
}

/** A known state whose setup failed. */
export class ProviderStateFailed extends Error {
  constructor(
    readonly state: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One state change of the protocol: a teardown ends the interaction's session; a setup begins it (on its first
 * state) and answers the values the state provides with the session's own (its tokens).
 */
export async function applyStateChange(change: StateChange, sessions: StateSessions): Promise<Record<string, string>> {
  const name = typeof change.state === 'string' ? change.state : '';
  if (change.action === 'teardown') {
    await sessions.end();
    return {};
  }
  // Resolved first: a state the catalogue does not know changes nothing, not even the session.
  const resolved = name === '' ? undefined : resolveState(name, isRecord(change.params) ? change.params : {});
  if (name !== '' && !resolved) throw new UnknownProviderState(name);
  const session = await sessions.current();
  // An interaction without a state still gets its setup call: it starts a clean session.
  if (!resolved) return {};
  try {
    // Every state's values carry the session's tokens: a bearer header is filled whatever state issued them.
    const values = await resolved.state.setup(session, resolved.params);
    return { ...session.shared(), ...values };
  } catch (error) {
    throw new ProviderStateFailed(name, `state "${name}": ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
