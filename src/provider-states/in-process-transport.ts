/**
 * The mock's requests to itself as values through its own stage lists (http/dispatch-stages.ts): `/__admin/...` to
 * the admin API's, the rest to the API's. What reaches the mock this way (its provider-state endpoint, its MCP
 * server) never opens a connection to the mock itself, and meets every guard a request over a socket meets.
 */
import type { StageDispatch } from '../http/dispatch-stages.ts';
import { parseObject, type ProviderTransport } from './provider-api.ts';

/** The mock's two stage lists, served in process. */
export interface InProcessMock {
  api: StageDispatch;
  admin: StageDispatch;
}

/** Who the requests come from: the IP their rate window counts, the base URL the links they are given use. */
export interface InProcessOrigin {
  baseUrl: string;
  ip: string;
}

export function inProcessTransport(mock: InProcessMock, origin: () => InProcessOrigin): ProviderTransport {
  return async ({ method, path, token, body }) => {
    const { baseUrl, ip } = origin();
    const headers: Record<string, string> = { accept: 'application/json', host: hostOf(baseUrl) };
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const dispatch = path.startsWith('/__admin/') ? mock.admin : mock.api;
    const answer = await dispatch({ method, url: path, headers, body, ip, baseUrl });
    return {
      status: answer.status,
      body: answer.body === undefined ? {} : parseObject(JSON.stringify(answer.body)),
      headers: new Headers(answer.headers),
    };
  };
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return 'localhost';
  }
}
