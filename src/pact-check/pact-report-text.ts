/** The pact check's reports as a person reads them: one block per file, one line per interaction, problems beneath. */
import type { PactReport, PactSummary } from './pact-openapi-check.ts';
import { printable } from '../platform/printable.ts';

export interface ChecksSummary extends PactSummary {
  files: number;
  /** Pact files that are wrong as a whole (no interactions). */
  invalidFiles: number;
}

export function summarise(reports: readonly PactReport[]): ChecksSummary {
  const total = (key: keyof PactSummary) => reports.reduce((sum, report) => sum + report.summary[key], 0);
  const invalidFiles = reports.filter((report) => report.problem !== undefined).length;
  return { files: reports.length, invalidFiles, interactions: total('interactions'), allowed: total('allowed'), notAllowed: total('notAllowed'), skipped: total('skipped') };
}

/** Whether the check passes: every interaction allowed and no pact wrong as a whole. */
export function allAllowed(summary: ChecksSummary): boolean {
  return summary.notAllowed === 0 && summary.invalidFiles === 0;
}

export function reportText(report: PactReport): string {
  const lines = [`${printable(report.file)}  ${printable(report.consumer)} → ${printable(report.provider)} (Pact V${report.specification})`];
  for (const interaction of report.interactions) {
    const against = interaction.operationId ?? interaction.schema;
    const operation = against ? `  [${against}]` : '';
    lines.push(`  ${interaction.ok ? '✓' : '✗'} ${printable(interaction.description)}${operation}`);
    for (const problem of interaction.problems) lines.push(`      ${printable(problem.where)}: ${printable(problem.message)}`);
  }
  for (const skipped of report.skipped) lines.push(`  – ${printable(skipped.description)}: ${printable(skipped.note)}`);
  if (report.problem) lines.push(`  ✗ ${printable(report.problem)}`);
  lines.push(`  ${countsText(report.summary)}`);
  return `${lines.join('\n')}\n`;
}

export function summaryText(summary: ChecksSummary): string {
  const files = summary.files === 1 ? '1 pact file' : `${summary.files} pact files`;
  const verdict = !allAllowed(summary)
    ? summary.notAllowed === 0
      ? 'a pact has no interactions: nothing is allowed'
      : 'some interactions are not allowed by spec/openapi.yaml'
    : 'every interaction is allowed by spec/openapi.yaml';
  return `${files}, ${countsText(summary)}: ${verdict}\n`;
}

function countsText(summary: PactSummary): string {
  const interactions = summary.interactions === 1 ? '1 interaction' : `${summary.interactions} interactions`;
  return `${interactions}: ${summary.allowed} allowed, ${summary.notAllowed} not allowed, ${summary.skipped} skipped`;
}
