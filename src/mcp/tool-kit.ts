/**
 * What every tool of the MCP server is made of: a name, a description for the agent, a zod input schema, the hints
 * (read-only, destructive, idempotent) and a function of its arguments that calls the admin API. A refused admin
 * call becomes a tool result with `isError` and the admin error's code and message, never a protocol error.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { AdminError } from '../admin-http/admin-error.ts';
import type { AdminSend } from '../admin-http/admin-transport.ts';
import { StateSetupError, type ProviderApi, type ProviderCredentials } from '../provider-states/provider-api.ts';

/** How the tools reach the mock: over HTTP (stdio) or in process (the mock's own endpoint). */
export interface ToolContext {
  /** The typed admin client, carrying the caller's admin token. */
  admin: AdminSend;
  /** The API and the admin API as a client with these credentials reaches them (the webhook trigger). */
  provider(credentials: ProviderCredentials): ProviderApi;
}

export interface McpTool {
  name: string;
  register(server: McpServer, context: ToolContext): void;
}

/** The client a tool acts on: only that client's world is read or changed. */
export const DEFAULT_CLIENT_ID = 'mock-client';
export const clientIdInput = z
  .string()
  .min(1)
  .max(200)
  .default(DEFAULT_CLIENT_ID)
  .describe(`The client whose world the tool reads or changes (default ${DEFAULT_CLIENT_ID}, the mock's default client).`);

/** The hints of a tool that only reads. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** A tool's outcome when it is not a plain value: a refusal of its own (the admin API never saw the call). */
export class ToolRefusal extends Error {}

export function defineTool<Shape extends z.ZodRawShape>(
  name: string,
  config: { title: string; description: string; input: Shape; annotations: ToolAnnotations },
  run: (args: z.output<z.ZodObject<Shape>>, context: ToolContext) => Promise<unknown>,
): McpTool {
  return {
    name,
    register(server, context) {
      const annotations = { title: config.title, openWorldHint: false, ...config.annotations };
      const callback = (args: z.output<z.ZodObject<Shape>>) => resultOf(() => run(args, context));
      server.registerTool(name, { title: config.title, description: config.description, inputSchema: config.input, annotations }, callback as never);
    },
  };
}

async function resultOf(run: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    const value = await run();
    return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
  } catch (error) {
    if (error instanceof AdminError) return refused(`${error.code ?? `HTTP ${error.status}`}: ${error.detail}${detailsOf(error.body)}`);
    if (error instanceof ToolRefusal || error instanceof StateSetupError) return refused(error.message);
    throw error;
  }
}

function refused(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** The admin error's `details` (which field, why), as the admin API answered them. */
function detailsOf(body: unknown): string {
  const details = typeof body === 'object' && body !== null ? (body as { details?: unknown }).details : undefined;
  if (!Array.isArray(details) || details.length === 0) return '';
  return ` (${details.map((detail: { path?: unknown; message?: unknown }) => `${String(detail.path)}: ${String(detail.message)}`).join('; ')})`;
}
