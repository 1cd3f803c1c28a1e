/**
 * `commerce-mock coverage --url <mock> --client <id>`: which outcomes of the gateway a client has met and handled
 * on a running mock (`GET /__admin/coverage`), as a table grouped like docs/outcomes.md; `--report DIR` writes it as
 * JSON, Markdown and JUnit XML into that folder (report-folder.ts); `--require <file | go-live>` makes it a gate,
 * with the `commerce-mock arm` command of each missing outcome that can be armed; `go-live` also fails on any audit
 * finding of severity error (docs/audit.md). Exit 0 when every required outcome
 * is there (or nothing is required), 1 naming each one missing, 2 for a usage problem (a bad file, an unknown
 * client, a mock that cannot be reached).
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { adminTransport } from '../admin-http/admin-transport.ts';
import { printable } from '../platform/printable.ts';
import { COVERAGE_FILES, renderCoverageJUnit, renderCoverageJson, renderCoverageMarkdown } from '../coverage/coverage-report-files.ts';
import { judgeRequirements, parseRequirements, PROFILES, type Judged, type Requirement } from '../coverage/coverage-requirements.ts';
import type { CoverageReport } from '../coverage/outcome-types.ts';
import type { CliIo } from '../server/start-server.ts';
import { clientReport } from './admin-refusal.ts';
import { readAudit } from './audit-command.ts';
import { armCommandLine, mockCommandLine, DEFAULT_MOCK_URL } from './arm-lines.ts';
import { coverageLines } from './coverage-lines.ts';
import { withExamples } from './help-text.ts';
import { reportFolderProblem, writeReportFolder } from './report-folder.ts';
import { mockUrlProblem, runningMockCommand } from './running-mock.ts';

interface CoverageFlags {
  url: string;
  client?: string;
  require?: string;
  report?: string;
  adminToken?: string;
}

export function defineCoverageCommand(program: Command, io: CliIo, env: Record<string, string | undefined>, run: (command: Promise<number>) => void): void {
  const command = runningMockCommand(program, 'coverage', "which of the gateway's outcomes a client has met and handled on a running mock; with --require, a CI gate")
    .option('--client <id>', 'the client (env COMMERCE_CLIENT_ID; default mock-client)')
    .option('--require <file>', `a YAML file (required: [auth.*, order.final.*], handled: [...]) or a built-in profile: ${Object.keys(PROFILES).join(', ')}`)
    .option('--report <dir>', `a folder to write ${Object.values(COVERAGE_FILES).join(', ')} in (made when missing)`)
    .action((flags: CoverageFlags) => run(coverage(flags, env, io)));
  withExamples(command, 'coverage', [
    'commerce-mock coverage                               # mock-client on http://127.0.0.1:4010: what it met and handled',
    'commerce-mock coverage --client shop-two --report coverage-report',
    'commerce-mock coverage --require go-live             # a CI gate: exit 1 naming each required outcome missing, how to arm it, and each audit error',
    'commerce-mock coverage --require required.yaml       # your own list: required: [auth.*, order.final.*]',
  ]);
}

async function coverage(flags: CoverageFlags, env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const usage = (problem: string) => (io.stderr(`commerce-mock coverage: ${printable(problem)}\n`), 2);
  const reportProblem = flags.report === undefined ? undefined : reportFolderProblem(flags.report, Object.values(COVERAGE_FILES));
  if (reportProblem) return usage(reportProblem);
  const urlProblem = mockUrlProblem(flags.url);
  if (urlProblem) return usage(urlProblem);
  if (flags.client === '') return usage('--client: empty; expected a client id (default mock-client)');
  const requirements = flags.require === undefined ? undefined : requirementsOf(flags.require);
  if (requirements && !requirements.ok) return usage(requirements.problem);
  const clientId = flags.client ?? env['COMMERCE_CLIENT_ID'] ?? 'mock-client';
  const read = await readCoverage(flags.url, clientId, flags.adminToken ?? env['COMMERCE_MOCK_ADMIN_TOKEN']);
  if (!read.ok) return usage(read.problem);
  let judged: Judged[] | undefined;
  if (requirements) {
    const verdicts = judgeRequirements(read.report, requirements.requirements);
    if (verdicts.unknown.length > 0) return usage(`${flags.require} names no outcome of the catalogue: ${verdicts.unknown.join(', ')} (docs/outcomes.md)`);
    judged = verdicts.judged;
  }
  const missing = judged?.filter((verdict) => !verdict.ok) ?? [];
  // What the mock can arm of what is missing: the command that arms each, for the client, on this mock.
  const arming = missing.filter(({ outcome }) => outcome.armable).map(({ outcome }) => armCommandLine([outcome.id], { clientId, mockUrl: flags.url }));
  for (const line of coverageLines(read.report, judged, arming)) io.stdout(`${line}\n`);
  if (flags.report !== undefined) {
    const written = writeReportFolder(flags.report, {
      [COVERAGE_FILES.json]: renderCoverageJson(read.report, judged),
      [COVERAGE_FILES.markdown]: renderCoverageMarkdown(read.report, judged, arming),
      [COVERAGE_FILES.junit]: renderCoverageJUnit(read.report, judged),
    });
    if (!written.ok) return usage(written.problem);
    io.stdout(`${written.line}\n`);
  }
  // Going live asks more than outcomes met: no audit finding of severity error (docs/audit.md).
  const auditErrors = flags.require === 'go-live' ? await goLiveAuditErrors(flags, clientId, env, io) : [];
  if (auditErrors === undefined) return 2;
  if (auditErrors.length > 0) {
    io.stderr(`commerce-mock coverage: go-live also requires no audit error; ${auditErrors.length} found: ${auditErrors.join(', ')} (see: ${mockCommandLine('audit', [], { clientId, mockUrl: flags.url })})\n`);
  }
  if (missing.length === 0) return auditErrors.length > 0 ? 1 : 0;
  io.stderr(`commerce-mock coverage: ${missing.length} required outcome(s) missing: ${missing.map(({ outcome, must }) => `${outcome.id} (${must === 'handled' && outcome.status === 'met' ? 'met, not handled' : 'not met'})`).join(', ')}\n`);
  return 1;
}

/** The ids of the client's audit findings of severity error, said on stdout; undefined (said) when it cannot be read. */
async function goLiveAuditErrors(flags: CoverageFlags, clientId: string, env: Record<string, string | undefined>, io: CliIo): Promise<string[] | undefined> {
  const read = await readAudit(flags.url, clientId, flags.adminToken ?? env['COMMERCE_MOCK_ADMIN_TOKEN']);
  if (!read.ok) {
    io.stderr(`commerce-mock coverage: ${printable(read.problem)}\n`);
    return undefined;
  }
  const errors = read.report.findings.filter((finding) => finding.severity === 'error');
  io.stdout(`\ngo-live also requires no audit error (docs/audit.md): ${errors.length === 0 ? 'none found' : `${errors.length} found`}\n`);
  for (const finding of errors) io.stdout(`${printable(`  ✗ ${finding.id}: ${finding.verdict}`)}\n`);
  return errors.map((finding) => finding.id);
}

function requirementsOf(require: string): { ok: true; requirements: readonly Requirement[] } | { ok: false; problem: string } {
  const profile = PROFILES[require];
  if (profile) return { ok: true, requirements: profile };
  let text: string;
  try {
    text = readFileSync(require, 'utf8');
  } catch (error) {
    return { ok: false, problem: `cannot read ${require}: ${(error as NodeJS.ErrnoException).code ?? String(error)} (a file, or a profile: ${Object.keys(PROFILES).join(', ')})` };
  }
  const parsed = parseRequirements(text);
  return parsed.ok ? parsed : { ok: false, problem: `${require}: ${parsed.problem}` };
}

function readCoverage(mockUrl: string, clientId: string, adminToken: string | undefined): Promise<{ ok: true; report: CoverageReport } | { ok: false; problem: string }> {
  return clientReport<CoverageReport>(adminTransport(mockUrl, { adminToken })('getCoverage', { query: { clientId } }), { clientId, mockUrl }, 'the coverage');
}
