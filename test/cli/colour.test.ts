/**
 * Colour as a terminal user sees it and a pipe does not: the log's level and time are coloured on a TTY only; none
 * when piped or redirected, none with NO_COLOR; FORCE_COLOR colours a pipe. Text log lines carry the time of day.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/cli.ts';
import { BIN } from '../support/cli.ts';

const ESC = '\u001b[';
const START = ['node', 'commerce-mock', 'start', '--in-memory', '--port', '0'];

/** Starts in process, asks the API once, stops; what the log wrote on stderr. */
async function logOf(env: Record<string, string>, tty: { stdout: boolean; stderr: boolean }): Promise<string> {
  let stderr = '';
  const stop = new AbortController();
  const code = await runCli(START, env, {
    stdout: () => undefined,
    stderr: (text) => (stderr += text),
    stop: stop.signal,
    tty,
    listening: (baseUrl) => void fetch(`${baseUrl}/v1/products`, { headers: { Connection: 'close' } }).finally(() => stop.abort('SIGTERM')),
  });
  expect(code).toBe(0);
  return stderr;
}

describe('colour', () => {
  it('on a terminal: the level and the time of each log line are coloured', async () => {
    const log = await logOf({}, { stdout: true, stderr: true });
    expect(log).toMatch(/^\[commerce-mock\] \u001b\[2m\d\d:\d\d:\d\d\.\d{3}\u001b\[22m \u001b\[36minfo:\u001b\[39m GET \/v1\/products 401 invalid_token /m);
  });

  it('NO_COLOR on a terminal: no escape at all', async () => {
    expect(await logOf({ NO_COLOR: '1' }, { stdout: true, stderr: true })).not.toContain(ESC);
  });

  it('FORCE_COLOR without a terminal: coloured', async () => {
    expect(await logOf({ FORCE_COLOR: '1' }, { stdout: false, stderr: false })).toContain(`${ESC}36minfo:`);
  });

  it('piped (the built command in a child process): no escape, and each line starts with its time of day', async () => {
    const child = spawn(process.execPath, [BIN, 'start', '--in-memory', '--port', '0'], { env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '' } });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const baseUrl = await new Promise<string>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(stdout);
        if (match?.[1]) resolve(match[1]);
      }),
    );
    await fetch(`${baseUrl}/v1/products`, { headers: { Connection: 'close' } });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout + stderr).not.toContain(ESC);
    expect(stderr).toMatch(/^\[commerce-mock\] \d\d:\d\d:\d\d\.\d{3} info: GET \/v1\/products 401 invalid_token /m);
    for (const line of stderr.trim().split('\n')) expect(line).toMatch(/^\[commerce-mock\] \d\d:\d\d:\d\d\.\d{3} (error|warn|info|debug): /);
  });
});
