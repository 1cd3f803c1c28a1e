/**
 * `commerce-mock audit --url <mock> --client <id>`: how a client's integration behaves on a running mock
 * (`GET /__admin/clients/{client_id}/audit`), each finding with its evidence, why it matters and how to fix it;
 * `--report DIR` writes it as JSON, Markdown and JUnit XML into that folder; `--fail-on error|warning` makes it a CI
 * gate. Exit 0 when no finding is at or above the level (or no level is given), 1 naming each one that is, 2 for a
 * usage problem (a bad flag, an unknown client, a mock that cannot be reached). `--json` prints the audit as the
 * admin API answers it.
 */
import type { Command } from 'commander';
import { adminTransport } from '../admin-http/admin-transport.ts';
import { AUDIT_FILES, renderAuditJUnit, renderAuditJson, renderAuditMarkdown } from '../audit/audit-report-files.ts';
import type { AuditReport, AuditSeverity } from '../audit/audit-types.ts';
import { atOrAbove } from '../audit/run-audit.ts';
import { printable } from '../platform/printable.ts';
import type { CliIo } from '../server/start-server.ts';
import { clientReport } from './admin-refusal.ts';
import { mockCommandLine } from './arm-lines.ts';
import { auditLines } from './audit-lines.ts';
import { withExamples } from './help-text.ts';
import { reportFolderProblem, writeReportFolder } from './report-folder.ts';
import { mockUrlProblem, runningMockCommand } from './running-mock.ts';

interface AuditFlags {
  url: string;
  client?: string;
  failOn?: string;
  report?: string;
  json?: boolean;
  adminToken?: string;
}

const LEVELS: readonly AuditSeverity[] = ['error', 'warning'];

export function defineAuditCommand(program: Command, io: CliIo, env: Record<string, string | undefined>, run: (command: Promise<number>) => void): void {
  const command = runningMockCommand(program, 'audit', "how a client's integration behaves on a running mock, each finding with its evidence and fix; a CI gate")
    .option('--client <id>', 'the client (env COMMERCE_CLIENT_ID; default mock-client)')
    .option('--fail-on <level>', 'exit 1 naming each finding at this severity or above: error or warning')
    .option('--report <dir>', `a folder to write ${Object.values(AUDIT_FILES).join(', ')} in (made when missing)`)
    .option('--json', 'print the audit as JSON, as GET /__admin/clients/{client_id}/audit answers it')
    .action((flags: AuditFlags) => run(audit(flags, env, io)));
  withExamples(command, 'audit', [
    'commerce-mock audit                          # mock-client on http://127.0.0.1:4010: each finding',
    'commerce-mock audit --client shop --fail-on error   # a CI gate: exit 1 naming each error',
    'commerce-mock audit --fail-on warning --report audit-report',
    'commerce-mock audit --json                   # the audit as the admin API answers it',
  ]);
}

async function audit(flags: AuditFlags, env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const usage = (problem: string) => (io.stderr(`commerce-mock audit: ${printable(problem)}\n`), 2);
  if (flags.failOn !== undefined && !(LEVELS as readonly string[]).includes(flags.failOn)) return usage(`--fail-on: ${flags.failOn}; expected error or warning`);
  const failOn = flags.failOn as AuditSeverity | undefined;
  const reportProblem = flags.report === undefined ? undefined : reportFolderProblem(flags.report, Object.values(AUDIT_FILES));
  if (reportProblem) return usage(reportProblem);
  const urlProblem = mockUrlProblem(flags.url);
  if (urlProblem) return usage(urlProblem);
  if (flags.client === '') return usage('--client: empty; expected a client id (default mock-client)');
  const clientId = flags.client ?? env['COMMERCE_CLIENT_ID'] ?? 'mock-client';
  const read = await readAudit(flags.url, clientId, flags.adminToken ?? env['COMMERCE_MOCK_ADMIN_TOKEN']);
  if (!read.ok) return usage(read.problem);
  const { report } = read;
  if (flags.json) io.stdout(renderAuditJson(report));
  else for (const line of auditLines(report, failOn)) io.stdout(`${line}\n`);
  if (flags.report !== undefined) {
    const written = writeReportFolder(flags.report, {
      [AUDIT_FILES.json]: renderAuditJson(report),
      [AUDIT_FILES.markdown]: renderAuditMarkdown(report),
      [AUDIT_FILES.junit]: renderAuditJUnit(report, failOn),
    });
    if (!written.ok) return usage(written.problem);
    if (!flags.json) io.stdout(`${written.line}\n`);
  }
  const failing = failOn === undefined ? [] : report.findings.filter((finding) => atOrAbove(finding.severity, failOn));
  if (failing.length === 0) return 0;
  const again = mockCommandLine('audit', ['--fail-on', failOn as string], { clientId, mockUrl: flags.url });
  io.stderr(`commerce-mock audit: ${failing.length} finding(s) at ${failOn} or above: ${failing.map((finding) => `${finding.id} (${finding.severity})`).join(', ')}\n`);
  // The journal still holds the old requests: a run after the fix starts from an empty one (or a fresh tenant).
  io.stderr(`after fixing, empty the journal (DELETE /__admin/requests), run the tests again, then: ${again}\n`);
  return 1;
}

/** The client's audit on the mock at `mockUrl` (also read by `coverage --require go-live`). */
export function readAudit(mockUrl: string, clientId: string, adminToken: string | undefined): Promise<{ ok: true; report: AuditReport } | { ok: false; problem: string }> {
  return clientReport<AuditReport>(adminTransport(mockUrl, { adminToken })('getAudit', { path: { client_id: clientId } }), { clientId, mockUrl }, 'the audit');
}
