/**
 * `commerce-mock mcp --url <mock>`: the mock's MCP server over stdio, for a coding agent that launches its servers
 * as processes. The same server as the mock's own `/__admin/mcp` (mcp/mcp-server.ts), its tools calling the running
 * mock's admin API over HTTP with `--admin-token`. Standard output carries the protocol alone; a problem goes to
 * standard error. Runs until its input ends or it is asked to stop; exit 2 on a usage problem.
 */
import type { Command } from 'commander';
import { printable } from '../platform/printable.ts';
import type { CliIo } from '../server/start-server.ts';
import { withExamples } from './help-text.ts';
import { mockUrlProblem, runningMockCommand } from './running-mock.ts';

interface McpFlags {
  url: string;
  adminToken?: string;
}

export function defineMcpCommand(program: Command, io: CliIo, env: Record<string, string | undefined>, run: (command: Promise<number>) => void): void {
  const command = runningMockCommand(program, 'mcp', "the running mock's MCP server over stdio, for a coding agent (its tools arm outcomes, move the clock, read stories)", 'http://127.0.0.1:4010')
    .action((flags: McpFlags) => run(serveMcp(flags, env, io)));
  withExamples(command, 'mcp', [
    'commerce-mock mcp                                    # for the mock on http://127.0.0.1:4010',
    'commerce-mock mcp --url http://mock.internal:4010 --admin-token "$COMMERCE_MOCK_ADMIN_TOKEN"',
    'claude mcp add commerce-mock -- npx commerce-mock mcp',
  ]);
}

async function serveMcp(flags: McpFlags, env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const usage = (problem: string) => (io.stderr(`commerce-mock mcp: ${printable(problem)}\n`), 2);
  const urlProblem = mockUrlProblem(flags.url);
  if (urlProblem) return usage(urlProblem);
  if (!io.stdio) return usage('no standard input and output to speak MCP over');
  // Loaded only now: no other command loads the MCP SDK.
  const { serveOverStdio } = await import('../mcp/mcp-stdio.ts');
  await serveOverStdio(flags.url, flags.adminToken ?? env['COMMERCE_MOCK_ADMIN_TOKEN'], io.stdio, io.stop);
  return 0;
}
