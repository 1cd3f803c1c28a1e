/**
 * The provider-state endpoint of the Pact protocol: the verifier POSTs `{state, params, action}` before and
 * after each interaction; a setup answers the values its state provides (for `fromProviderState`). Listens on
 * loopback only, for the length of one verification.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROVIDER_STATES, resolveState } from './provider-states.ts';
import { inFlight } from './in-flight.ts';
import type { StateSessions } from './state-session.ts';

export interface StateServer {
  url: string;
  /**
   * The setups that failed, in the order met: the verifier runs interactions one at a time, so the n-th
   * interaction whose setup failed owns the n-th group of problems.
   */
  problems: StateProblem[];
  close(): Promise<void>;
}

export interface StateProblem {
  state: string;
  message: string;
}

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

export async function startStateServer(sessions: StateSessions): Promise<StateServer> {
  const problems: StateProblem[] = [];
  const work = inFlight();
  const server = createServer((request, response) => {
    if (!work.open) return void response.writeHead(503, { 'Content-Type': 'application/json' }).end('{"error":"stopping"}');
    void work
      .track(readJson(request).then((change) => applyStateChange(change, sessions)))
      .then(
        (values) => {
          response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(values));
        },
        (error: unknown) => {
          problems.push({ state: String((error as { state?: string }).state ?? ''), message: error instanceof Error ? error.message : String(error) });
          response.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: String(error) }));
        },
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    problems,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A stopped run does not wait for the verifier's idle keep-alive connections, only for the changes under way.
      server.closeAllConnections();
      await work.close();
      await closed;
    },
  };
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  const value: unknown = text ? JSON.parse(text) : {};
  return isRecord(value) ? value : {};
}
