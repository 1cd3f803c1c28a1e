/**
 * Renders the outcome catalogue (src/coverage/outcome-catalogue.ts) and the built-in `go-live` profile as the
 * tables of docs/outcomes.md:
 *
 *   tsx scripts/outcomes.ts           print the tables
 *   tsx scripts/outcomes.ts --write   rewrite them in docs/outcomes.md (between its markers)
 *
 * test/docs/outcomes-doc.test.ts fails when the page is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { byGroup } from '../src/coverage/coverage-report-files.ts';
import { GO_LIVE } from '../src/coverage/coverage-requirements.ts';
import { outcomeCatalogue } from '../src/coverage/outcome-catalogue.ts';

export const DOC_FILE = fileURLToPath(new URL('../docs/outcomes.md', import.meta.url));
export const START_MARKER = '<!-- outcomes:start -->';
export const END_MARKER = '<!-- outcomes:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function renderOutcomeTables(): string {
  const catalogue = outcomeCatalogue().map((outcome) => ({ ...outcome, status: 'not-met' as const }));
  const groups = byGroup(catalogue).flatMap(([group, outcomes]) => [
    `### ${group}`,
    '',
    '| id | outcome | how to provoke it | handled when |',
    '|---|---|---|---|',
    ...outcomes.map((outcome) => `| \`${outcome.id}\` | ${cell(outcome.description)} | ${cell(outcome.provoke)} | ${outcome.handledRule ? cell(outcome.handledRule) : '—'} |`),
    '',
  ]);
  const profile = [
    '### The `go-live` profile',
    '',
    '| outcome | must be | why |',
    '|---|---|---|',
    ...GO_LIVE.map((requirement) => `| \`${requirement.pattern}\` | ${requirement.must} | ${cell(requirement.reason ?? '')} |`),
  ];
  return [`${catalogue.length} outcomes.`, '', ...groups, ...profile].join('\n');
}

/** The page with its tables regenerated between the markers. */
export function updateDoc(doc: string): string {
  const start = doc.indexOf(START_MARKER);
  const end = doc.indexOf(END_MARKER);
  if (start < 0 || end < start) throw new Error(`${DOC_FILE}: markers ${START_MARKER} … ${END_MARKER} missing`);
  return `${doc.slice(0, start + START_MARKER.length)}\n${renderOutcomeTables()}\n${doc.slice(end)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--write')) writeFileSync(DOC_FILE, updateDoc(readFileSync(DOC_FILE, 'utf8')));
  else process.stdout.write(`${renderOutcomeTables()}\n`);
}
