/**
 * The MCP server's route (`POST /__admin/mcp`): one JSON-RPC message in, its answer out. The server itself lives in
 * mcp/ and reaches this handler through the admin context; it runs behind the admin API's guards like every route.
 */
import type { AdminHandlerTable } from '../handlers/handler.ts';
import type { AdminContext } from './admin-context.ts';

export function mcpHandlers(admin: AdminContext) {
  return {
    mcp: async (input) => {
      const authorization = input.headers['authorization'];
      const caller = { authorization: typeof authorization === 'string' ? authorization : undefined, ip: input.context.ip, baseUrl: input.context.baseUrl };
      const answer = await admin.mcp.answer(input.body, caller);
      return { ok: true, status: answer.status, body: answer.body };
    },
  } satisfies Partial<AdminHandlerTable>;
}
