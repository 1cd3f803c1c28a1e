/**
 * The drift report: each interaction verified, failed (with the differences the verifier found) or not
 * verifiable (with why), rendered for the terminal, as JSON and as Markdown.
 */

import { printable } from '../conformance/printable.ts';

export type Verdict = 'verified' | 'failed' | 'not verifiable';

export interface InteractionReport {
  pact: string;
  consumer: string;
  description: string;
  states: string[];
  verdict: Verdict;
  /** What differed (failed) or why it could not be checked (not verifiable). */
  details: string[];
}

export interface DriftReport {
  provider: { baseUrl: string; kind: 'mock' | 'real service' };
  generatedAt: string;
  summary: Record<Verdict, number>;
  interactions: InteractionReport[];
}

export function driftReport(provider: DriftReport['provider'], interactions: InteractionReport[], generatedAt: Date): DriftReport {
  const count = (verdict: Verdict) => interactions.filter((interaction) => interaction.verdict === verdict).length;
  return {
    provider,
    generatedAt: generatedAt.toISOString(),
    summary: { verified: count('verified'), failed: count('failed'), 'not verifiable': count('not verifiable') },
    interactions,
  };
}

const MARK: Record<Verdict, string> = { verified: 'ok  ', failed: 'FAIL', 'not verifiable': 'n/a ' };

export function renderTerminal(report: DriftReport): string {
  const lines = [`Pact verification against ${printable(report.provider.baseUrl)} (${report.provider.kind})`, ''];
  for (const interaction of report.interactions) {
    lines.push(`  ${MARK[interaction.verdict]} ${printable(interaction.consumer)}: ${printable(interaction.description)}${statesSuffix(interaction)}`);
    for (const detail of interaction.details) lines.push(`         ${printable(detail)}`);
  }
  const { summary } = report;
  lines.push('', `${summary.verified} verified, ${summary.failed} failed, ${summary['not verifiable']} not verifiable`);
  return `${lines.join('\n')}\n`;
}

export function renderMarkdown(report: DriftReport): string {
  const { summary } = report;
  const lines = [
    `# Drift report: ${printable(report.provider.baseUrl)}`,
    '',
    `Provider: ${report.provider.kind}. Generated ${report.generatedAt}.`,
    '',
    `**${summary.verified} verified, ${summary.failed} failed, ${summary['not verifiable']} not verifiable.**`,
    '',
    '| verdict | consumer | interaction | provider states | details |',
    '|---|---|---|---|---|',
    ...report.interactions.map((interaction) =>
      [interaction.verdict, interaction.consumer, interaction.description, interaction.states.join('; '), interaction.details.join('<br>')]
        .map(cell)
        .join(' | ')
        .replace(/^/, '| ')
        .concat(' |'),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

function statesSuffix(interaction: InteractionReport): string {
  return interaction.states.length > 0 ? ` (given ${printable(interaction.states.join(', '))})` : '';
}

function cell(text: string): string {
  return printable(text).replace(/\|/g, '\\|');
}
