/**
 * The provider-state endpoint of `verify`, over HTTP: the verifier POSTs `{state, params, action}` before and
 * after each interaction, applied by state-change.ts to the target through its HTTP API. Listens on loopback only,
 * for the length of one verification. (The mock serves the same protocol itself, in process:
 * server/mock-provider-states.ts.)
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyStateChange, isRecord } from './state-change.ts';
import { closeAfterWork, inFlight } from './in-flight.ts';
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
    // A stopped run does not wait for the verifier's idle keep-alive connections, only for the changes under way.
    close: () => closeAfterWork(server, work),
  };
}

export async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  const value: unknown = text ? JSON.parse(text) : {};
  return isRecord(value) ? value : {};
}
