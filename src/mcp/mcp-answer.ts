/**
 * One message of `POST /__admin/mcp`, answered (mcp-endpoint.ts loads this module on the first message, so a start
 * loads neither the MCP SDK nor the JSON Schema compiler its server brings): a request gets its response (200), a
 * notification or a response is accepted (202), and a JSON object that is no JSON-RPC message is a JSON-RPC error
 * (400), nothing run.
 */
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { JSON_RPC_INVALID_REQUEST } from '../errors/json-rpc-errors.ts';
import type { McpAnswer, McpCaller } from '../admin/admin-context.ts';
import type { InProcessMock } from '../provider-states/in-process-transport.ts';
import { createMcpServer } from './mcp-server.ts';
import { answerOne } from './one-message-transport.ts';
import { inProcessToolContext } from './tool-contexts.ts';

export async function answerMessage(mock: InProcessMock, body: unknown, caller: McpCaller): Promise<McpAnswer> {
  const message = JSONRPCMessageSchema.safeParse(body);
  if (!message.success) return { status: 400, body: JSON_RPC_INVALID_REQUEST };
  const answer = await answerOne(createMcpServer(inProcessToolContext(mock, caller)), message.data);
  return answer === undefined ? { status: 202 } : { status: 200, body: answer };
}
