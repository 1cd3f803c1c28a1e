/**
 * The MCP server of the mock: the SDK's McpServer with the tools and the documents, whichever transport carries it
 * (the admin route in process, stdio for `commerce-mock mcp`). Each tool calls the admin operation it mirrors
 * through `context`.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { packageVersion } from '../platform/package-files.ts';
import { CLOCK_TOOLS } from './clock-tools.ts';
import { registerDocuments } from './mcp-resources.ts';
import { NETWORK_TOOLS } from './network-tools.ts';
import { PAYER_TOOLS } from './payer-tools.ts';
import { RECORD_TOOLS } from './record-tools.ts';
import { TENANT_TOOLS } from './tenant-tools.ts';
import type { ToolContext } from './tool-kit.ts';
import { WEBHOOK_TOOLS } from './webhook-tools.ts';
import { WORLD_TOOLS } from './world-tools.ts';

export const MCP_TOOLS = [...WORLD_TOOLS, ...NETWORK_TOOLS, ...CLOCK_TOOLS, ...PAYER_TOOLS, ...RECORD_TOOLS, ...WEBHOOK_TOOLS, ...TENANT_TOOLS];

const INSTRUCTIONS =
  "commerce-mock, a local mock of a payment gateway's API. Each tool acts on one client's world (clientId, default mock-client) and never on another's unless named. " +
  'Start with world_status; outcome_coverage lists the outcomes arm_outcome can make the next order meet; order_story tells what happened to an order and why.';

export function createMcpServer(context: ToolContext): McpServer {
  const server = new McpServer({ name: 'commerce-mock', version: packageVersion() }, { instructions: INSTRUCTIONS });
  for (const tool of MCP_TOOLS) tool.register(server, context);
  registerDocuments(server);
  return server;
}
