/**
 * `commerce-mock pact-check <file-or-dir...> [--json]`: is every interaction of these pacts allowed by
 * spec/openapi.yaml? Exit 0 when all are, 1 when one is not, 2 when a path cannot be read as a pact (each named
 * with its reason on stderr; nothing is checked then).
 */
import type { Command } from 'commander';
import { withExamples } from './help-text.ts';
import { pactFilesIn, readPactFile, type Pact } from '../conformance/pact-file.ts';
import { checkPact, pactCheckRouter } from '../pact-check/pact-openapi-check.ts';
import { allAllowed, reportText, summarise, summaryText } from '../pact-check/pact-report-text.ts';
import { printable } from '../platform/printable.ts';

export interface PactCheckIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export function definePactCheckCommand(program: Command, io: PactCheckIo, exit: (code: number) => void): void {
  const command = program
    .command('pact-check')
    .description('check that every interaction of Pact files is allowed by the OpenAPI document (request and response)')
    .argument('<paths...>', 'pact files (JSON, Pact specification V2, V3 or V4) or directories of them')
    .option('--json', 'print the reports as JSON')
    .action(async (paths: string[], flags: { json?: boolean }) => {
      exit(await pactCheck(paths, flags.json === true, io));
    });
  withExamples(command, 'pact-check', ['commerce-mock pact-check ./pacts', 'commerce-mock pact-check ./pacts/merchant-app-commerce-api.json --json']);
}

async function pactCheck(paths: readonly string[], json: boolean, io: PactCheckIo): Promise<number> {
  const found = pactFilesIn(paths);
  const unreadable = [...found.unreadable];
  const pacts: Pact[] = [];
  for (const file of found.files) {
    const read = readPactFile(file);
    if (read.ok) pacts.push(read.pact);
    else unreadable.push(read);
  }
  if (unreadable.length > 0) {
    for (const { file, reason } of unreadable) io.stderr(`commerce-mock: ${printable(file)}: ${printable(reason)}\n`);
    return 2;
  }
  const router = await pactCheckRouter();
  const reports = pacts.map((pact) => checkPact(router, pact));
  const summary = summarise(reports);
  if (json) {
    io.stdout(`${JSON.stringify({ ok: allAllowed(summary), files: reports, summary }, null, 2)}\n`);
  } else {
    for (const report of reports) io.stdout(`${reportText(report)}\n`);
    io.stdout(summaryText(summary));
  }
  return allAllowed(summary) ? 0 : 1;
}
