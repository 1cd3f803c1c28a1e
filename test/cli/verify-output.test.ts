/**
 * `verify` as a CI log or a redirected file holds it: the summary first, no terminal escapes, the interactions only
 * when one needs a look or with --verbose; `verify ./missing` says what is missing in words.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../support/cli.ts';

function verify(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [BIN, 'verify', ...args], {
    encoding: 'utf8',
    env: { ...process.env, PACT_DO_NOT_TRACK: 'true', NO_COLOR: '', FORCE_COLOR: '', ...env },
    timeout: 120_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('verify output', () => {
  it('redirected: one summary line for the shipped pacts, no escape, no line per interaction', () => {
    const run = verify([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Pact verification against http:\/\/127\.0\.0\.1:\d+ \(mock\): 44 interactions, 44 verified, 0 failed, 0 not verifiable\n\n\(--verbose lists the 44 verified interactions too\)\n$/,
    );
    expect(run.stdout + run.stderr).not.toContain('\u001b');
  }, 120_000);

  it('--verbose: every interaction, and the verifier\'s own report, still without escapes when redirected', () => {
    const run = verify(['--verbose']);
    expect(run.code).toBe(0);
    expect(run.stdout.match(/^ {2}ok {3}merchant-app: /gm)).toHaveLength(44);
    expect(run.stdout).toContain('Verifying a pact between merchant-app and commerce-api');
    expect(run.stdout).not.toContain('\u001b');
  }, 120_000);

  it('FORCE_COLOR: the summary is coloured', () => {
    const run = verify([], { FORCE_COLOR: '1' });
    expect(run.stdout).toContain('\u001b[32m44 verified\u001b[39m');
  }, 120_000);

  it('verify ./missing: exit 2, the path and what is wrong in words', async () => {
    const result = await runCli(['verify', './missing']);
    expect([result.code, result.stderr]).toEqual([2, 'commerce-mock verify: ./missing: not found (no such file or directory) [ENOENT]\n']);
  });
});
