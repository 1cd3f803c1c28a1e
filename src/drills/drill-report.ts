/**
 * A finished drill as files for people and CI: Markdown (a table of the cases, then each failure with what was
 * sent, what came back and what a correct receiver does) and JUnit XML (one test case per drill case, so CI
 * systems show a drill as they show tests). The drill holds no secret: signatures are already shortened.
 */
import { cell, renderJUnit, visibleControls, type JUnitCase } from '../domain/report-text.ts';
import type { Drill, DrillCaseResult, DrillExchange } from './drill-run.ts';

export const REPORT_FILES = { json: 'drill-report.json', markdown: 'drill-report.md', junit: 'drill-junit.xml' } as const;

export function renderDrillJson(drill: Drill): string {
  return `${JSON.stringify(drill, null, 2)}\n`;
}

export function drillSummary(drill: Drill): { passed: number; failed: number; pending: number; failedNames: string[] } {
  const count = (verdict: DrillCaseResult['verdict']) => drill.cases.filter((result) => result.verdict === verdict).length;
  return {
    passed: count('passed'),
    failed: count('failed'),
    pending: count('pending'),
    failedNames: drill.cases.filter((result) => result.verdict === 'failed').map((result) => result.name),
  };
}

export function renderDrillMarkdown(drill: Drill): string {
  const summary = drillSummary(drill);
  const lines = [
    `# Webhook drill: ${drill.status}`,
    '',
    `Receiver \`${drill.url}\`, client \`${drill.clientId}\`, format \`${drill.format}\`, seed ${drill.seed}, timeout ${drill.timeoutSeconds} s.`,
    '',
    drill.problem ? `**${drill.problem}**\n` : `${summary.passed} passed, ${summary.failed} failed${summary.pending ? `, ${summary.pending} not run` : ''}.\n`,
    '| case | expected | verdict | why |',
    '|---|---|---|---|',
    ...drill.cases.map((result) => `| ${result.name} | ${result.expect === 'accept' ? '2xx' : '4xx'} | ${result.verdict} | ${cell(result.reason ?? '')} |`),
  ];
  for (const result of drill.cases.filter((one) => one.verdict === 'failed')) {
    lines.push('', `## ${result.name}: failed`, '', `Sent: ${result.sent}.`, '', `Why: ${result.reason ?? ''}.`, '', `A correct receiver ${result.correct}.`);
    result.exchanges.forEach((exchange, index) => lines.push('', ...exchangeMarkdown(exchange, index + 1)));
  }
  // What the receiver sent back reaches the report as text to read, never as control characters to act on.
  return `${visibleControls(lines.join('\n'))}\n`;
}

function exchangeMarkdown({ sent, answer }: DrillExchange, number: number): string[] {
  const headers = Object.entries(sent.headers).map(([name, value]) => `${name}: ${value}`).join('\n');
  const got = 'error' in answer ? `no answer after ${answer.durationMs} ms: ${answer.error}` : `HTTP ${answer.status} in ${answer.durationMs} ms`;
  return [
    `### Delivery ${number}`,
    '',
    'Sent (signatures shortened):',
    '',
    fenced(`POST\n${headers}\n\n${sent.body}`),
    '',
    `Answer: ${got}`,
    ...('body' in answer && answer.body ? ['', fenced(answer.body)] : []),
  ];
}

/** A code block whose fence is longer than any run of backticks inside it. */
function fenced(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${text}\n${fence}`;
}


export function renderDrillJUnit(drill: Drill): string {
  const seconds = (result: DrillCaseResult) => result.exchanges.reduce((sum, exchange) => sum + exchange.answer.durationMs, 0) / 1000;
  const cases = drill.cases.map((result): JUnitCase => ({
    name: result.name,
    classname: 'commerce-mock.drill',
    seconds: seconds(result),
    result:
      result.verdict === 'passed'
        ? { kind: 'passed' }
        : result.verdict === 'pending'
          ? { kind: 'skipped', message: drill.problem ?? 'not run' }
          : {
              kind: 'failure',
              message: result.reason ?? '',
              type: result.expect,
              details: [`sent: ${result.sent}`, `a correct receiver ${result.correct}`, ...result.exchanges.flatMap(exchangeText)].join('\n'),
            },
  }));
  return renderJUnit('commerce-mock drill', `webhook drill ${drill.url} (${drill.format}, seed ${drill.seed})`, cases);
}

function exchangeText({ sent, answer }: DrillExchange, index: number): string[] {
  const headers = Object.entries(sent.headers).map(([name, value]) => `  ${name}: ${value}`);
  const got = 'error' in answer ? `no answer after ${answer.durationMs} ms: ${answer.error}` : `HTTP ${answer.status} in ${answer.durationMs} ms: ${answer.body}`;
  return [`delivery ${index + 1} sent:`, ...headers, `  ${sent.body}`, `answer: ${got}`];
}
