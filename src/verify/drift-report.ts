/**
 * The drift report: each interaction verified, failed (with the differences the verifier found) or not
 * verifiable (with why), rendered for the terminal, as JSON and as Markdown.
 */

import { printable } from '../platform/printable.ts';
import { painter, type Paint, type Style } from '../platform/colour.ts';

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
const MARK_STYLE: Record<Verdict, Style> = { verified: 'green', failed: 'red', 'not verifiable': 'yellow' };

export interface TerminalOptions {
  /** Every interaction, the verified ones too; by default only those that failed or could not be verified. */
  verbose?: boolean;
  /** Colour (a terminal only); none by default. */
  paint?: Paint;
}

/**
 * The summary first (one line, what a CI log shows), then the interactions that need a look: failed ones with the
 * differences, not verifiable ones with why. `verbose` lists the verified ones too.
 */
export function renderTerminal(report: DriftReport, options: TerminalOptions = {}): string {
  const paint = options.paint ?? painter(false);
  const { summary } = report;
  const total = report.interactions.length;
  const counts = [
    paint(summary.verified === total ? 'green' : 'bold', `${summary.verified} verified`),
    paint(summary.failed > 0 ? 'red' : 'bold', `${summary.failed} failed`),
    `${summary['not verifiable']} not verifiable`,
  ];
  const lines = [`Pact verification against ${printable(report.provider.baseUrl)} (${report.provider.kind}): ${total} interactions, ${counts.join(', ')}`];
  const shown = report.interactions.filter((interaction) => options.verbose === true || interaction.verdict !== 'verified');
  if (shown.length > 0) lines.push('');
  for (const interaction of shown) {
    lines.push(`  ${paint(MARK_STYLE[interaction.verdict], MARK[interaction.verdict])} ${printable(interaction.consumer)}: ${printable(interaction.description)}${statesSuffix(interaction)}`);
    for (const detail of interaction.details) lines.push(`         ${printable(detail)}`);
  }
  if (options.verbose !== true && summary.verified > 0) lines.push('', paint('dim', `(--verbose lists the ${summary.verified} verified interactions too)`));
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
