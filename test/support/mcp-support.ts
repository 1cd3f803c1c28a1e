/** An MCP client of the SDK connected to a started mock's `/__admin/mcp`, and the text of a tool's result read as JSON. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Mock } from '../../src/sdk/start-mock.ts';

export async function mcpClient(mock: Mock, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'commerce-mock-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${mock.url}/__admin/mcp`), { requestInit: { headers } }));
  return client;
}

/** A tool's call, its result as the tool wrote it (JSON text), and whether it is an error. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; text: string; value: unknown }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  return { isError: result.isError === true, text, value };
}
