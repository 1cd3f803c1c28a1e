/**
 * `POST /__admin/mcp` (Streamable HTTP, stateless, JSON answers): each message gets a server of its own whose tools
 * call the admin API in process as the caller. A request is answered with its response (200), a notification or a
 * response is accepted (202), and a JSON object that is no JSON-RPC message is a JSON-RPC error (400), nothing run.
 */
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import type { McpEndpoint } from '../admin/admin-context.ts';
import type { InProcessMock } from '../provider-states/in-process-transport.ts';
import { createMcpServer } from './mcp-server.ts';
import { answerOne } from './one-message-transport.ts';
import { inProcessToolContext } from './tool-contexts.ts';

const INVALID_REQUEST = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' } } as const;

export function mcpEndpoint(mock: InProcessMock): McpEndpoint {
  return {
    async answer(body, caller) {
      const message = JSONRPCMessageSchema.safeParse(body);
      if (!message.success) return { status: 400, body: INVALID_REQUEST };
      const answer = await answerOne(createMcpServer(inProcessToolContext(mock, caller)), message.data);
      return answer === undefined ? { status: 202 } : { status: 200, body: answer };
    },
  };
}
