/**
 * Helpers of bench/startup-bench.ts and bench/bench.ts: a server as a child process, one timed HTTP request on
 * 127.0.0.1, RSS from /proc, and the figures (median, nearest-rank percentile, max).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';

export const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

const children = new Set<ChildProcess>();
process.once('exit', () => children.forEach((child) => child.kill('SIGKILL')));

export interface Spawned {
  child: ChildProcess;
  port: number;
  /** performance.now() just before spawn, and when the "listening on" line arrived. */
  spawnedAt: number;
  listeningAt: number;
}

/** Spawn `node …args` and wait for its `listening on http://host:port` line on stdout. */
export function spawnServer(args: string[], cwd: string): Promise<Spawned> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stdout = '';
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}: node ${args.join(' ')}\nstdout: ${stdout}\nstderr: ${stderr}`));
    };
    const timer = setTimeout(() => fail(new Error(`no "listening on" line within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    const early = (code: number | null, signal: string | null) => fail(new Error(`exited early (code ${code}, signal ${signal})`));
    child.once('error', fail);
    child.once('exit', early);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /listening on http:\/\/[^\s]*:(\d+)/.exec(stdout);
      if (!match) return;
      const listeningAt = performance.now();
      clearTimeout(timer);
      child.off('exit', early);
      child.stdout?.removeAllListeners('data').resume();
      resolve({ child, port: Number(match[1]), spawnedAt, listeningAt });
    });
  });
}

/** SIGTERM, then SIGKILL if it has not exited in time. */
export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One request, timed from write to the end of the answer's body. */
export function request(
  port: number,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; agent?: http.Agent | false } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (payload !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(payload));
  }
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request({ host: HOST, port, method, path, headers, agent: options.agent ?? false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path}: no answer within 10 s`)));
    req.once('error', reject);
    req.end(payload);
  });
}

export const TOKEN_BODY = { client_id: 'mock-client', client_secret: 'mock-secret' };

/** POST /v1/auth/token until a 200 (retrying refused connections), bounded; the time of that 200. */
export async function firstToken(port: number, deadlineMs = 10_000): Promise<{ token: string; at: number; ms: number }> {
  const deadline = performance.now() + deadlineMs;
  for (;;) {
    const answer = await request(port, 'POST', '/v1/auth/token', { body: TOKEN_BODY }).catch(() => undefined);
    if (answer?.status === 200) {
      const parsed = JSON.parse(answer.body) as { access_token?: string; data?: { access_token?: string } };
      return { token: parsed.access_token ?? parsed.data?.access_token ?? '', at: performance.now(), ms: answer.ms };
    }
    if (performance.now() > deadline) throw new Error(`no 200 from POST /v1/auth/token within ${deadlineMs} ms`);
    await sleep(5);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resident set size of a process, in MiB (Linux /proc only; NaN elsewhere). */
export function rssMiB(pid: number | undefined): number {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..1). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

export const fmt = (value: number, digits = 1): string => (Number.isFinite(value) ? value.toFixed(digits) : '—');
