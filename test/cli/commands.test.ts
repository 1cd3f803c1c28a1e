/** What a user types first: the version, a mistyped command, and the mock started with no command at all. */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../support/cli.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const listening = (stdout: string) => /listening on http:\/\/127\.0\.0\.1:\d+/.test(stdout);

describe('commands', () => {
  it.each([['--version'], ['-V']])('%s prints the package version and exits 0', async (flag) => {
    const result = await runCli([flag]);
    expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('names a mistyped command as an unknown command, suggests the closest one and exits 2', async () => {
    const result = await runCli(['stat']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command 'stat'");
    expect(result.stderr).toContain('Did you mean start?');
    expect(result.stdout).toBe('');
  });

  it('names a word that is no command at all as unknown, without a suggestion', async () => {
    const result = await runCli(['frobnicate', '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command 'frobnicate'");
    expect(result.stderr).not.toContain('Did you mean');
  });

  it('starts the mock when given flags only', async () => {
    const result = await runCli(['--in-memory', '--port', '0', '--log-level', 'error'], { stopWhen: listening });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
  });

  it('starts the mock when given nothing at all', async () => {
    const result = await runCli([], { stopWhen: listening, env: { PORT: '0' } });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
  });

  it('refuses an unknown flag given without a command as a flag of start, exit 2', async () => {
    const result = await runCli(['--bogus']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--bogus'");
  });

  it('--help lists the commands and the version flag, exit 0', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/-V, --version +print the version/);
    for (const command of ['start', 'scenarios', 'verify', 'pact-check', 'trigger']) expect(result.stdout).toMatch(new RegExp(`\\n  ${command}\\b`));
  });
});

describe('the bin in a repository that was never built', () => {
  it('says dist/ is not built and how to build it, exit 1', () => {
    const clone = mkdtempSync(join(tmpdir(), 'commerce-mock-unbuilt-'));
    try {
      mkdirSync(join(clone, 'bin'));
      copyFileSync(BIN, join(clone, 'bin', 'commerce-mock.js'));
      const result = spawnSync(process.execPath, [join(clone, 'bin', 'commerce-mock.js'), '--version'], { encoding: 'utf8' });
      expect(result.status).toBe(1);
      expect(result.stderr).toBe('commerce-mock: dist/ is not built yet: run `npm run build` (or `npm start`) in the repository first\n');
      expect(result.stdout).toBe('');
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });
});
