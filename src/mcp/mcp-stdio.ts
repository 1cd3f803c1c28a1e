/**
 * The MCP server over stdio (`commerce-mock mcp`): the same server as the mock's own `/__admin/mcp`, its tools calling
 * the running mock's admin API over HTTP. Resolves once the input ends or `stop` aborts. Loaded by the command only
 * when it runs, so no other command loads the MCP SDK.
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from './mcp-server.ts';
import { httpToolContext } from './tool-contexts.ts';

export async function serveOverStdio(mockUrl: string, adminToken: string | undefined, stdio: { input: Readable; output: Writable }, stop: AbortSignal): Promise<void> {
  const server = createMcpServer(httpToolContext(mockUrl, adminToken));
  const ended = new Promise<void>((resolve) => {
    stdio.input.once('end', resolve);
    stop.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(new StdioServerTransport(stdio.input, stdio.output));
  await ended;
  await server.close();
}
