/**
 * Text from a pact reaches the terminal without control characters: an ESC sequence in a
 * consumer name cannot retitle or clear the terminal, BEL cannot ring it, and a newline in a provider name cannot
 * forge a line of the report — in `pact-check`, in `verify`'s report and in their error lines.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderTerminal, type DriftReport } from '../../src/verify/drift-report.ts';
import { printable } from '../../src/platform/printable.ts';
import { spawnSync } from 'node:child_process';
import { BIN, runCli } from '../support/cli.ts';

const VALID = fileURLToPath(new URL('../pact-check/fixtures/valid.v4.json', import.meta.url));
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const FORGED = '\nFAKE LINE ✓ all good';

function hostilePact(): string {
  const pact = JSON.parse(readFileSync(VALID, 'utf8')) as { consumer: { name: string }; provider: { name: string }; interactions: Array<{ description: string }> };
  pact.consumer.name = 'shop\u001b]0;pwned\u0007\u001b[2J';
  pact.provider.name = `commerce-api${FORGED}`;
  pact.interactions[0]!.description = `lists\u001b[31m red\u0007${FORGED}`;
  const dir = mkdtempSync(join(tmpdir(), 'printable-'));
  const file = join(dir, 'hostile.json');
  writeFileSync(file, JSON.stringify(pact));
  return file;
}

describe('printable text', () => {
  it('drops control characters and bidi overrides, and turns line breaks into spaces', () => {
    expect(printable('a\u001b]0;pwned\u0007b\u001b[2Jc')).toBe('a]0;pwnedb[2Jc');
    expect(printable('one\ntwo\r\nthree\tfour')).toBe('one two  three four');
    expect(printable('abc\u202edcba\u2066x')).toBe('abcdcbax');
    expect(printable('Pedido pago ✓ — São Tomé')).toBe('Pedido pago ✓ — São Tomé');
  });
});

describe('pact-check', () => {
  it('prints hostile names and descriptions without escapes and without a forged line', async () => {
    const file = hostilePact();
    const result = await runCli(['pact-check', file]);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(CONTROL);
    expect(result.stdout).not.toMatch(/^FAKE LINE/m);
    expect(result.stdout).toContain(`${file}  shop]0;pwned[2J → commerce-api FAKE LINE ✓ all good (Pact V4)`);
    expect(result.stdout).toContain('  ✓ lists[31m red FAKE LINE ✓ all good  [issueToken]');
  });

  it('names an unreadable file without the escapes in its name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'printable-'));
    const result = await runCli(['pact-check', join(dir, 'x\u001b[2J\nFAKE.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(CONTROL);
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('verify', () => {
  it('its terminal and Markdown reports print names, states and details without escapes or forged lines', () => {
    const report: DriftReport = {
      provider: { baseUrl: 'http://127.0.0.1:1\u001b[2J', kind: 'mock' },
      generatedAt: '2026-03-02T10:00:00.000Z',
      summary: { verified: 0, failed: 1, 'not verifiable': 0 },
      interactions: [
        {
          pact: 'p.json',
          consumer: 'shop\u001b]0;pwned\u0007',
          description: `lists${FORGED}`,
          states: [`a product exists${FORGED}`],
          verdict: 'failed',
          details: [`status differs\u0007${FORGED}`],
        },
      ],
    };
    for (const text of [renderTerminal(report), renderMarkdown(report)]) {
      expect(text).not.toMatch(CONTROL);
      expect(text).not.toMatch(/^FAKE LINE/m);
    }
    expect(renderTerminal(report)).toContain('  FAIL shop]0;pwned: lists FAKE LINE ✓ all good (given a product exists FAKE LINE ✓ all good)');
  });

  it('a run on a hostile pact: the verifier’s own output and the report carry no OSC, BEL, screen clear or forged line', () => {
    // --verbose: the verifier's own output is printed too (plain, since this is no terminal).
    const run = spawnSync(process.execPath, [BIN, 'verify', '--verbose', hostilePact()], {
      encoding: 'utf8',
      env: { ...process.env, PACT_DO_NOT_TRACK: 'true' },
      timeout: 120_000,
    });
    const output = `${run.stdout}${run.stderr}`;
    // Whether this fixture's interactions pass against the mock does not matter here; that the run ended does.
    expect([0, 1], output).toContain(run.status);
    // Not a terminal: no escape at all, the verifier's colours removed; nothing from the pact gets through.
    expect(output).not.toContain('\u001b');
    expect(output).not.toMatch(/\u0007/);
    expect(output).not.toMatch(/^FAKE LINE/m);
    expect(output).toContain(' shop]0;pwned[2J: lists[31m red FAKE LINE ✓ all good');
  }, 120_000);

  it('names an unreadable pact without the escapes in its name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'printable-'));
    const result = await runCli(['verify', join(dir, 'x\u001b]0;pwned\u0007.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(CONTROL);
    expect(result.stderr).toContain('x]0;pwned.json');
  });
});
