/**
 * `commerce-mock journal --har run.har`: the running mock's request journal as a HAR 1.2 file
 * (`GET /__admin/requests.har`), one client's with `--client`, secrets masked as the journal keeps them. Exit 2 for a
 * usage problem (an unknown client, a mock that cannot be reached, a file that cannot be written).
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { adminTransport } from '../admin-http/admin-transport.ts';
import { printable } from '../platform/printable.ts';
import type { CliIo } from '../server/start-server.ts';
import type { HarDocument } from '../traffic/traffic-har.ts';
import { adminCalled, adminRefusal } from './admin-refusal.ts';
import { withExamples } from './help-text.ts';
import { mockUrlProblem, runningMockCommand } from './running-mock.ts';

interface JournalFlags {
  url: string;
  har: string;
  client?: string;
  adminToken?: string;
}

export function defineJournalCommand(program: Command, io: CliIo, env: Record<string, string | undefined>, run: (command: Promise<number>) => void): void {
  const command = runningMockCommand(program, 'journal', "the running mock's request journal as a HAR 1.2 file (devtools, HTTP tools)")
    .requiredOption('--har <file>', 'the HAR file to write')
    .option('--client <id>', "only this client's requests")
    .action((flags: JournalFlags) => run(exportHar(flags, env, io)));
  withExamples(command, 'journal', ['commerce-mock journal --har run.har', 'commerce-mock journal --har shop.har --client shop']);
}

async function exportHar(flags: JournalFlags, env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const usage = (problem: string) => (io.stderr(`commerce-mock journal: ${printable(problem)}\n`), 2);
  const urlProblem = mockUrlProblem(flags.url);
  if (urlProblem) return usage(urlProblem);
  const mockName = `the mock at ${flags.url}`;
  const query = flags.client === undefined ? {} : { clientId: flags.client };
  const called = await adminCalled(adminTransport(flags.url, { adminToken: flags.adminToken ?? env['COMMERCE_MOCK_ADMIN_TOKEN'] })('exportRequestsHar', { query }), mockName);
  if (!called.ok) {
    if ('problem' in called) return usage(called.problem);
    if (called.status === 404 && called.answer.error === 'not_found') return usage(`client ${flags.client ?? ''} is unknown to ${mockName} (--client) [not_found]`);
    return usage(adminRefusal(called.status, called.answer, mockName, 'the journal'));
  }
  const har = called.value as unknown as HarDocument;
  try {
    writeFileSync(flags.har, `${JSON.stringify(har, null, 2)}\n`);
  } catch (error) {
    return usage(`cannot write ${flags.har}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  io.stdout(`wrote ${flags.har}: ${har.log.entries.length} request(s)${flags.client === undefined ? '' : ` of ${flags.client}`}\n`);
  return 0;
}
