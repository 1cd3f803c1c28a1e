/** Runs the CLI: in process for commands that end (bad flags, unusable files), in a child process for servers. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runCli as runCliInProcess } from '../../src/cli/cli.ts';
import { defaultConfig } from '../../src/platform/config.ts';
import { stripApiPrefix } from '../../src/openapi/spec-document.ts';
import { configPolicy } from '../../src/scenarios/scenario-policy.ts';
import { sharedRouter } from './shared-router.ts';
import { validateExchange } from './response-validator.ts';

export const BIN = fileURLToPath(new URL('../../bin/commerce-mock.js', import.meta.url));

export interface Started {
  child: ChildProcessWithoutNullStreams;
  baseUrl: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/**
 * Run a command to completion in process: the exit code and what it wrote, as a user would see them. Meant for
 * commands that end (a refused flag, config or data file); a server is stopped (as by SIGTERM) once `stopWhen`
 * holds for its output, or after `stopAfterMs`.
 */
export async function runCli(
  args: string[],
  options: {
    stopWhen?: (stdout: string) => boolean;
    stopAfterMs?: number;
    env?: Record<string, string>;
    /** Runs once the server listens (given its base URL); the server is stopped when it settles. */
    whileListening?: (baseUrl: string) => Promise<unknown>;
  } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort('SIGTERM'), options.stopAfterMs ?? 10_000);
  let during: Promise<unknown> | undefined;
  try {
    const code = await runCliInProcess(['node', 'commerce-mock', ...args], options.env ?? {}, {
      stdout: (text) => {
        stdout += text;
        if (options.stopWhen?.(stdout)) stop.abort('SIGTERM');
      },
      stderr: (text) => (stderr += text),
      stop: stop.signal,
      listening: (baseUrl) => {
        during = options.whileListening?.(baseUrl).finally(() => stop.abort('SIGTERM'));
      },
    });
    // A failure of what ran while listening fails the caller (after the server stopped).
    if (options.whileListening && !during) throw new Error(`the server never listened (exit ${code}):\n${stdout}\n${stderr}`);
    await during;
    return { code, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}

/** Start a server on a free port and wait until it announces its base URL. */
export function startCli(args: string[], timeoutMs = 15_000): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'start', '--port', '0', '--log-level', 'error', ...args]);
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, baseUrl: match[1], stdout: () => stdout, stderr: () => stderr, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${stdout}\n${stderr}`));
    });
  });
}

/**
 * `fetch` for a server in a child process: the answer is checked against spec/openapi.yaml like every answer
 * of an in-process app (see response-validator.ts), so the CLI tests cannot pass on an off-contract response.
 */
export async function checkedFetch(url: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: unknown }> {
  // The validator's router is built before the first request, not after it: built between two requests (seconds on
  // a loaded machine), it would let the server close the idle keep-alive socket (5 s) that the next fetch reuses.
  await sharedRouter();
  const response = await fetch(url, init);
  const text = await response.text();
  const answer = { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  await validateAnswer(url, init.method ?? 'GET', answer);
  return answer;
}

/** Check one answer of a server reached over HTTP against the document (violations fail the running test). */
export async function validateAnswer(url: string, method: string, answer: { status: number; headers: Headers; body: unknown }): Promise<void> {
  const router = await sharedRouter();
  const { pathname, origin } = new URL(url);
  const upper = method.toUpperCase();
  const apiPath = stripApiPrefix(pathname);
  validateExchange(router, {
    context: {
      requestId: answer.headers.get('x-request-id') ?? '',
      ip: '127.0.0.1',
      method: upper,
      path: pathname,
      receivedAt: new Date(),
      baseUrl: origin,
      policy: configPolicy(defaultConfig()),
      startedMs: 0,
      query: '',
      ...(apiPath === undefined ? {} : { operationId: router.match(upper === 'HEAD' ? 'GET' : upper, apiPath)?.operationId }),
    },
    status: answer.status,
    headers: Object.fromEntries([...answer.headers].map(([name, value]) => [canonicalHeader(name), value])),
    body: answer.body,
  });
}

/** fetch lower-cases header names; the validator reads them as the mock writes them (`X-Request-Id`). */
function canonicalHeader(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
}
