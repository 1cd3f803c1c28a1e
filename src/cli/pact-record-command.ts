/**
 * `commerce-mock pact record --client shop --consumer shop-backend --out pacts/`: the consumer pact of what a
 * client's integration did on a running mock (`GET /__admin/clients/{client_id}/pact`), written as
 * `<consumer>-<provider>.json`; `--check FILE` writes nothing and compares the run with a committed pact, exit 1
 * naming each interaction the run needs that the pact lacks and each one the run no longer uses. Exit 2 for a usage
 * problem (an unknown client, a mock that cannot be reached, a file that cannot be read or written).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { adminTransport } from '../admin-http/admin-transport.ts';
import { printable } from '../platform/printable.ts';
import type { CliIo } from '../server/start-server.ts';
import { PACT_NAME, type TrafficPact } from '../traffic/traffic-pact.ts';
import { adminCalled, adminRefusal } from './admin-refusal.ts';
import { withExamples } from './help-text.ts';
import { mockUrlProblem, runningMockCommand } from './running-mock.ts';

interface RecordFlags {
  url: string;
  client?: string;
  consumer?: string;
  provider: string;
  out: string;
  check?: string;
  adminToken?: string;
}

export function definePactRecordCommand(program: Command, io: CliIo, env: Record<string, string | undefined>, run: (command: Promise<number>) => void): void {
  const pact = program.command('pact').description("contracts from a client's traffic on a running mock: pact record");
  withExamples(pact, 'pact-record', ['commerce-mock pact record --client shop --consumer shop-backend --out pacts/']);
  const command = runningMockCommand(pact, 'record', "write the consumer pact of what a client's integration did on a running mock; --check compares")
    .option('--client <id>', 'the client (env COMMERCE_CLIENT_ID; default mock-client)')
    .option('--consumer <name>', 'the consumer in the pact (default: the client id)')
    .option('--provider <name>', 'the provider in the pact', 'commerce-api')
    .option('--out <dir>', 'the folder to write <consumer>-<provider>.json in (made when missing)', 'pacts')
    .option('--check <file>', 'write nothing: exit 1 when the run needs interactions the pact lacks, or no longer uses some')
    .action((flags: RecordFlags) => run(record(flags, env, io)));
  withExamples(command, 'pact-record', [
    'commerce-mock pact record --client shop --consumer shop-backend --out pacts/',
    'commerce-mock pact record --client shop --consumer shop-backend --check pacts/shop-backend-commerce-api.json',
  ]);
}

async function record(flags: RecordFlags, env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const usage = (problem: string) => (io.stderr(`commerce-mock pact record: ${printable(problem)}\n`), 2);
  const urlProblem = mockUrlProblem(flags.url);
  if (urlProblem) return usage(urlProblem);
  const clientId = flags.client ?? env['COMMERCE_CLIENT_ID'] ?? 'mock-client';
  const consumer = flags.consumer ?? clientId;
  for (const [flag, name] of [['--consumer', consumer], ['--provider', flags.provider]] as const) {
    if (!PACT_NAME.test(name)) return usage(`${flag}: expected letters, digits, '.', '_' or '-' (at most 100), got "${name}"`);
  }
  const recorded = await readPact(flags.url, clientId, { consumer, provider: flags.provider }, flags.adminToken ?? env['COMMERCE_MOCK_ADMIN_TOKEN']);
  if (!recorded.ok) return usage(recorded.problem);
  const { pact, messages, leftOut, read } = recorded.traffic;
  const summary = `${pact.interactions.length} interaction(s) from ${read} request(s) of ${clientId}${leftOut.length > 0 ? `, ${leftOut.length} left out` : ''}`;
  if (flags.check !== undefined) return check(flags.check, { http: pact.interactions, messages: messages?.interactions ?? [] }, summary, io, usage);
  const files = [
    { file: join(flags.out, `${consumer}-${flags.provider}.json`), pact, line: summary },
    ...(messages ? [{ file: join(flags.out, `${consumer}-${flags.provider}-webhooks.json`), pact: messages, line: `${messages.interactions.length} webhook message(s)` }] : []),
  ];
  for (const { file, pact: written, line } of files) {
    try {
      mkdirSync(flags.out, { recursive: true });
      writeFileSync(file, `${JSON.stringify(written, null, 2)}\n`);
    } catch (error) {
      return usage(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    io.stdout(`wrote ${file}: ${line}\n`);
  }
  for (const out of leftOut) io.stdout(`  left out ${out.what} (${out.requestId}): ${out.why}\n`);
  return 0;
}

type Described = ReadonlyArray<{ description: string }>;

/** The run against a committed pact: its HTTP interactions, or its webhook messages when the file is a message pact. */
function check(file: string, run: { http: Described; messages: Described }, summary: string, io: CliIo, usage: (problem: string) => number): number {
  let committed: Set<string>;
  let ofMessages: boolean;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { interactions?: Array<{ description?: unknown; type?: unknown }> };
    const interactions = parsed.interactions ?? [];
    committed = new Set(interactions.map((interaction) => String(interaction.description)));
    ofMessages = interactions.length > 0 && interactions.every((interaction) => interaction.type === 'Asynchronous/Messages');
  } catch (error) {
    return usage(`cannot read ${file} as a pact: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const used = new Set((ofMessages ? run.messages : run.http).map((interaction) => interaction.description));
  const lacking = [...used].filter((description) => !committed.has(description));
  const unused = [...committed].filter((description) => !used.has(description));
  if (lacking.length === 0 && unused.length === 0) {
    io.stdout(`${file} holds what this run did: ${summary}\n`);
    return 0;
  }
  io.stdout(`${file} differs from what this run did (${summary}):\n`);
  for (const description of lacking) io.stdout(`  + ${description}   (the run needs it; the pact lacks it)\n`);
  for (const description of unused) io.stdout(`  - ${description}   (in the pact; the run no longer does it)\n`);
  io.stderr(`commerce-mock pact record: ${lacking.length} interaction(s) missing from ${file}, ${unused.length} no longer used; record it again\n`);
  return 1;
}

async function readPact(
  mockUrl: string,
  clientId: string,
  names: { consumer: string; provider: string },
  adminToken: string | undefined,
): Promise<{ ok: true; traffic: TrafficPact } | { ok: false; problem: string }> {
  const mockName = `the mock at ${mockUrl}`;
  const called = await adminCalled(adminTransport(mockUrl, { adminToken })('recordClientPact', { path: { client_id: clientId }, query: names }), mockName);
  if (called.ok) return { ok: true, traffic: called.value.data as TrafficPact };
  if ('problem' in called) return { ok: false, problem: called.problem };
  if (called.status === 404 && called.answer.error === 'not_found') return { ok: false, problem: `client ${clientId} is unknown to ${mockName} (--client, or env COMMERCE_CLIENT_ID) [not_found]` };
  return { ok: false, problem: adminRefusal(called.status, called.answer, mockName, 'the pact') };
}
