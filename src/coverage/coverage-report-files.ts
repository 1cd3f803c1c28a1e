/**
 * A client's coverage as files for people and CI: JSON (the report and the verdicts), Markdown (the counts, the
 * commands that arm the missing outcomes the mock can arm, then each group's outcomes with the hint for those not
 * met) and JUnit XML (one test case per required outcome, or per
 * outcome of the catalogue when nothing is required, a not-met one then skipped).
 */
import { cell, renderJUnit, visibleControls, type JUnitCase } from '../domain/report-text.ts';
import type { Judged } from './coverage-requirements.ts';
import type { CoverageReport, OutcomeCoverage } from './outcome-types.ts';

export const COVERAGE_FILES = { json: 'coverage-report.json', markdown: 'coverage-report.md', junit: 'coverage-junit.xml' } as const;

/** The outcomes by group, in catalogue order. */
export function byGroup(outcomes: readonly OutcomeCoverage[]): Array<[string, OutcomeCoverage[]]> {
  const groups = new Map<string, OutcomeCoverage[]>();
  for (const outcome of outcomes) groups.set(outcome.group, [...(groups.get(outcome.group) ?? []), outcome]);
  return [...groups];
}

/** What the commands that arm the missing outcomes do, before them (the CLI's table and the Markdown report). */
export const ARMING_LEAD = "to meet a missing one the mock can arm, arm it for the client's next move (docs/arming.md) and run the test that meets it";

export const STATUS_WORDS = { handled: 'handled', met: 'met', 'not-met': 'not met' } as const;

export function renderCoverageJson(report: CoverageReport, judged: readonly Judged[] | undefined): string {
  const verdicts = judged?.map(({ outcome, must, ok }) => ({ id: outcome.id, must, status: outcome.status, ok }));
  return `${JSON.stringify({ ...report, ...(verdicts && { required: verdicts }) }, null, 2)}\n`;
}

/** `arming`: the `npx commerce-mock arm …` command of each missing outcome the mock can arm. */
export function renderCoverageMarkdown(report: CoverageReport, judged: readonly Judged[] | undefined, arming: readonly string[] = []): string {
  const { counts } = report;
  const missing = judged?.filter((verdict) => !verdict.ok) ?? [];
  const lines = [
    `# Outcome coverage of \`${visibleControls(report.clientId)}\``,
    '',
    `${counts.met} of ${counts.total} outcomes met, ${counts.handled} handled (at ${report.at}).`,
    ...(judged ? ['', missing.length === 0 ? `Every one of the ${judged.length} required outcomes is there.` : `Missing ${missing.length} of ${judged.length} required: ${missing.map(({ outcome, must }) => `\`${outcome.id}\` (${must})`).join(', ')}.`] : []),
    ...(arming.length > 0 ? ['', `${ARMING_LEAD}:`, '', '```sh', ...arming.map(visibleControls), '```'] : []),
  ];
  for (const [group, outcomes] of byGroup(report.outcomes)) {
    const met = outcomes.filter((outcome) => outcome.status !== 'not-met').length;
    lines.push('', `## ${group} (${met}/${outcomes.length} met)`, '', '| outcome | status | how to provoke it |', '|---|---|---|');
    for (const outcome of outcomes) lines.push(`| \`${outcome.id}\` | ${STATUS_WORDS[outcome.status]} | ${outcome.status === 'not-met' ? cell(outcome.provoke) : ''} |`);
  }
  return `${lines.join('\n')}\n`;
}

export function renderCoverageJUnit(report: CoverageReport, judged: readonly Judged[] | undefined): string {
  const verdicts = judged ?? report.outcomes.map((outcome) => ({ outcome, must: 'met' as const, ok: outcome.status !== 'not-met' }));
  const cases = verdicts.map(({ outcome, must, ok }): JUnitCase => {
    const unhandled = outcome.notHandled === undefined ? 'met but not handled' : `met but not handled (${outcome.notHandled})`;
    const message = `${must === 'handled' && outcome.status === 'met' ? unhandled : 'not met'}: ${outcome.description}`;
    const how = `how to provoke it: ${outcome.provoke}${outcome.handledRule ? `\nhandled when: ${outcome.handledRule}` : ''}`;
    // Without requirements nothing is required: what is not met is skipped, not failed.
    const result: JUnitCase['result'] = ok ? { kind: 'passed' } : judged ? { kind: 'failure', message, type: must, details: how } : { kind: 'skipped', message };
    return { name: outcome.id, classname: `commerce-mock.coverage.${outcome.group}`, seconds: 0, result };
  });
  return renderJUnit('commerce-mock coverage', `outcome coverage of ${report.clientId}`, cases);
}
