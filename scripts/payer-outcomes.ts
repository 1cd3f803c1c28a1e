/**
 * Renders the payer outcome catalogue (src/domain/payer-outcomes.ts) as a Markdown table, the one docs and the
 * OpenAPI document show:
 *
 *   tsx scripts/payer-outcomes.ts           print the table
 *   tsx scripts/payer-outcomes.ts --write   rewrite it in docs/payer-outcomes.md (between its markers) and in the
 *                                           description and enum of spec/openapi.yaml `FailureReason`
 *
 * test/spec/payer-outcomes-doc.test.ts fails when either copy is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FAILURE_CODES, FAILURE_REASONS, PAYER_OUTCOMES, catalogueNumber, type PayerOutcome } from '../src/domain/payer-outcomes.ts';
import { DEFAULT_PAYER } from '../src/domain/policy.ts';

export const DOC_FILE = fileURLToPath(new URL('../docs/payer-outcomes.md', import.meta.url));
export const SPEC_FILE = fileURLToPath(new URL('../spec/openapi.yaml', import.meta.url));
export const START_MARKER = '<!-- payer-outcomes:start -->';
export const END_MARKER = '<!-- payer-outcomes:end -->';
export const WALLET_START_MARKER = '<!-- wallet-reasons:start -->';
export const WALLET_END_MARKER = '<!-- wallet-reasons:end -->';
/** The lines of the spec the generator owns: after this one in FailureReason's description … */
const SPEC_TABLE_AFTER = 'see docs/payer-outcomes.md:';
const SPEC_INDENT = '        ';

export function renderOutcomeTable(): string {
  const lines = [
    '| NN | Number (M-Pesa, e-Mola) | Outcome | The order becomes | `failureReason.code` | M-Pesa `providerCode` | `failureReason.message` |',
    '|---|---|---|---|---|---|---|',
    ...PAYER_OUTCOMES.map((outcome) => {
      const entry = outcome.reason === undefined ? undefined : FAILURE_REASONS[outcome.reason];
      return `| ${outcome.suffix} | \`${catalogueNumber(outcome)}\`, \`${catalogueNumber(outcome, '86')}\` | ${outcome.summary} | ${becomes(outcome)} | ${
        outcome.reason ? `\`${outcome.reason}\`` : 'none'
      } | ${entry?.mpesaCode ? `\`${entry.mpesaCode}\`` : '—'} | ${entry?.message ?? '—'} |`;
    }),
  ];
  return lines.join('\n');
}

/** The reasons a wallet's state chooses (docs/payer-outcomes.md, "Wallets"). */
export function renderWalletReasonTable(): string {
  const rows = FAILURE_CODES.flatMap((code) => {
    const entry = FAILURE_REASONS[code];
    return entry.walletState === undefined ? [] : [`| \`${code}\` | ${entry.walletState} | ${entry.mpesaCode ? `\`${entry.mpesaCode}\`` : '—'} | ${entry.message} |`];
  });
  return ['| `failureReason.code` | when | M-Pesa `providerCode` | `failureReason.message` |', '|---|---|---|---|', ...rows].join('\n');
}

function becomes(outcome: PayerOutcome): string {
  switch (outcome.timing) {
    case 'answer':
      return `\`${outcome.status}\` when the payer answers`;
    case 'expiry':
      return `\`PENDING\`, then \`${outcome.status}\` when the prompt expires (${DEFAULT_PAYER.promptExpirySeconds} s of mock time)`;
    case 'slow':
      return `\`${outcome.status}\` after ${DEFAULT_PAYER.slowSuccessSeconds / 60} minutes of mock time`;
    case 'never':
      return '`PENDING` for ever (until an admin or scenario action)';
  }
}

/** The doc with its table regenerated between the markers. */
export function updateDoc(doc: string): string {
  return between(between(doc, START_MARKER, END_MARKER, renderOutcomeTable()), WALLET_START_MARKER, WALLET_END_MARKER, renderWalletReasonTable());
}

function between(doc: string, startMarker: string, endMarker: string, table: string): string {
  const start = doc.indexOf(startMarker);
  const end = doc.indexOf(endMarker);
  if (start < 0 || end < start) throw new Error(`${DOC_FILE}: markers ${startMarker} … ${endMarker} missing`);
  return `${doc.slice(0, start + startMarker.length)}\n${table}\n${doc.slice(end)}`;
}

/** The document with FailureReason's table (in its description) and its `code` enum regenerated. */
export function updateSpec(spec: string): string {
  const lines = spec.split('\n');
  const after = lines.findIndex((line) => line.trimEnd().endsWith(SPEC_TABLE_AFTER));
  if (after < 0) throw new Error(`${SPEC_FILE}: FailureReason's description lost its line ending "${SPEC_TABLE_AFTER}"`);
  let end = after + 2;
  while (lines[end]?.startsWith(`${SPEC_INDENT}|`) || lines[end]?.trim() === 'PAYER_OUTCOMES_TABLE') end += 1;
  const table = renderOutcomeTable().split('\n').map((line) => `${SPEC_INDENT}${line}`);
  lines.splice(after + 2, end - (after + 2), ...table);
  const codeAt = lines.findIndex((line, index) => index > after && line.trim() === 'code:');
  const enumAt = codeAt + 2;
  if (lines[enumAt]?.trim() !== 'enum:') throw new Error(`${SPEC_FILE}: FailureReason.code has no enum`);
  let enumEnd = enumAt + 1;
  while (lines[enumEnd]?.trim().startsWith('- ') || lines[enumEnd]?.trim() === 'FAILURE_CODES_ENUM') enumEnd += 1;
  lines.splice(enumAt + 1, enumEnd - (enumAt + 1), ...FAILURE_CODES.map((code) => `            - ${code}`));
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.argv.includes('--write')) {
    process.stdout.write(`${renderOutcomeTable()}\n`);
  } else {
    writeFileSync(DOC_FILE, updateDoc(readFileSync(DOC_FILE, 'utf8')));
    writeFileSync(SPEC_FILE, updateSpec(readFileSync(SPEC_FILE, 'utf8')));
  }
}
