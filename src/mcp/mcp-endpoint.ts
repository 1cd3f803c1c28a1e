/**
 * `POST /__admin/mcp` (Streamable HTTP, stateless, JSON answers): each message gets a server of its own whose tools
 * call the admin API in process as the caller (mcp-answer.ts). The MCP SDK, and the JSON Schema compiler its server
 * brings, load with the first message, never at start-up.
 */
import type { McpEndpoint } from '../admin/admin-context.ts';
import type { InProcessMock } from '../provider-states/in-process-transport.ts';

export function mcpEndpoint(mock: InProcessMock): McpEndpoint {
  return {
    async answer(body, caller) {
      const { answerMessage } = await import('./mcp-answer.ts');
      return answerMessage(mock, body, caller);
    },
  };
}
