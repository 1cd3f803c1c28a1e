/**
 * An MCP server answering one JSON-RPC message, in process: the SDK's Transport contract reduced to what a stateless
 * POST needs. The message is handed to the server; what it sends back for that request's id is the answer, and the
 * server is closed. A notification or a response has no answer. What else the server might send (a log
 * notification) has no stream to go to and is dropped.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export async function answerOne(server: McpServer, message: JSONRPCMessage): Promise<JSONRPCMessage | undefined> {
  let answered: (answer: JSONRPCMessage) => void = () => undefined;
  const answer = new Promise<JSONRPCMessage>((resolve) => (answered = resolve));
  const expected = isJSONRPCRequest(message) ? message.id : undefined;
  const transport: Transport = {
    start: () => Promise.resolve(),
    send: (sent) => {
      if (expected !== undefined && !('method' in sent) && 'id' in sent && sent.id === expected) answered(sent);
      return Promise.resolve();
    },
    close: () => {
      transport.onclose?.();
      return Promise.resolve();
    },
  };
  await server.connect(transport);
  try {
    transport.onmessage?.(message);
    return expected === undefined ? undefined : await answer;
  } finally {
    await server.close();
  }
}
