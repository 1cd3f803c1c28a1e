/**
 * The MCP endpoint's own error body (`POST /__admin/mcp`): a JSON object that is no JSON-RPC 2.0 message is answered
 * with JSON-RPC's error object, the protocol's body rather than the mock's, and in English like the protocol's own
 * messages. Code -32600 is JSON-RPC 2.0's "Invalid Request"; the id is null because none could be read.
 */
export const JSON_RPC_INVALID_REQUEST = {
  jsonrpc: '2.0',
  id: null,
  error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' },
} as const;
