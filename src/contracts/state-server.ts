/**
 * The provider-state endpoint of the Pact protocol: the verifier POSTs `{state, params, action}` before and
 * after each interaction; a setup answers the values its state provides (for `fromProviderState`). Listens on
 * loopback only, for the length of one verification.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveState } from './provider-states.ts';
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

interface StateChange {
  state?: unknown;
  params?: unknown;
  action?: unknown;
}

export async function startStateServer(sessions: StateSessions): Promise<StateServer> {
  const problems: StateProblem[] = [];
  const server = createServer((request, response) => {
    void readJson(request)
      .then((change) => applyChange(change, sessions))
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
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A stopped run does not wait for the verifier's idle keep-alive connections.
        server.closeAllConnections();
      }),
  };
}

async function applyChange(change: StateChange, sessions: StateSessions): Promise<Record<string, string>> {
  const name = typeof change.state === 'string' ? change.state : '';
  if (change.action === 'teardown') {
    await sessions.end();
    return {};
  }
  const session = await sessions.current();
  // An interaction without a state still gets its setup call: it starts a clean session.
  if (name === '') return {};
  const resolved = resolveState(name, isRecord(change.params) ? change.params : {});
  if (!resolved) throw Object.assign(new Error(`unknown provider state "${name}"`), { state: name });
  try {
    // Every state's values carry the session's tokens: a bearer header is filled whatever state issued them.
    const values = await resolved.state.setup(session, resolved.params);
    return { ...session.shared(), ...values };
  } catch (error) {
    throw Object.assign(new Error(`state "${name}": ${error instanceof Error ? error.message : String(error)}`), { state: name });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(request: IncomingMessage): Promise<StateChange> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  const value: unknown = text ? JSON.parse(text) : {};
  return isRecord(value) ? value : {};
}
