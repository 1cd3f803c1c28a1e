/**
 * How the tools reach the mock. Over HTTP for `commerce-mock mcp` (stdio): the real `fetch` to the mock's URL, with
 * `--admin-token`. In process for the mock's own `/__admin/mcp`: the mock's stage lists as values
 * (provider-states/in-process-transport.ts), never a socket, each call carrying the caller's bearer token, so a tool
 * meets the guards its caller met.
 */
import { adminTransport } from '../admin-http/admin-transport.ts';
import type { McpCaller } from '../admin/admin-context.ts';
import { inProcessTransport, type InProcessMock } from '../provider-states/in-process-transport.ts';
import { fetchThrough, httpTransport, providerApi } from '../provider-states/provider-api.ts';
import type { ToolContext } from './tool-kit.ts';

export function httpToolContext(mockUrl: string, adminToken: string | undefined): ToolContext {
  const transport = httpTransport(mockUrl.replace(/\/+$/, ''));
  return {
    admin: adminTransport(mockUrl, { adminToken }),
    provider: (credentials) => providerApi(transport, { credentials, hasAdmin: true, adminToken }),
  };
}

export function inProcessToolContext(mock: InProcessMock, caller: McpCaller): ToolContext {
  const transport = inProcessTransport(mock, () => caller);
  const token = caller.authorization === undefined ? undefined : /^Bearer +(\S+) *$/i.exec(caller.authorization)?.[1];
  return {
    admin: adminTransport('http://in-process', { adminToken: token, fetch: fetchThrough(transport) }),
    provider: (credentials) => providerApi(transport, { credentials, hasAdmin: true, adminToken: token }),
  };
}
