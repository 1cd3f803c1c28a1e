/** A tool called through a test app's `/__admin/mcp` endpoint (one JSON-RPC message, no session): its result's text. */
import type { TestApp } from './test-app.ts';

export async function mcpToolCall(t: TestApp, tool: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> {
  const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: args } };
  const { body } = await t.http.post('/__admin/mcp').set('Accept', 'application/json, text/event-stream').send(message).expect(200);
  const { isError, content } = body.result as { isError?: boolean; content: Array<{ text: string }> };
  return { isError: isError === true, text: content.map(({ text }) => text).join('') };
}
