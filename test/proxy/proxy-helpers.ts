/** The proxy command run in process, and calls through it as an integration makes them. */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { runCli } from '../../src/cli.ts';
import { responseProblems } from '../../src/contracts/response-conformance.ts';
import { createOpenApiRouter } from '../../src/openapi/openapi-router.ts';
import type { ProxyReport } from '../../src/proxy/drift-log.ts';

export interface RunningProxy {
  url: string;
  stdout(): string;
  /** Stops it as SIGTERM does; resolves with the exit code. */
  stop(): Promise<number>;
}

export async function startProxy(args: string[]): Promise<RunningProxy> {
  const stop = new AbortController();
  let stdout = '';
  let stderr = '';
  let listening: (url: string) => void = () => undefined;
  const ready = new Promise<string>((resolve) => (listening = resolve));
  const io = { stdout: (text: string) => void (stdout += text), stderr: (text: string) => void (stderr += text), stop: stop.signal, listening };
  const exit = runCli(['node', 'commerce-mock', 'proxy', '--port', '0', ...args], {}, io);
  const url = await Promise.race([ready, exit.then((code) => Promise.reject(new Error(`proxy exited ${code}: ${stderr}`)))]);
  return {
    url,
    stdout: () => stdout,
    stop: () => {
      stop.abort('SIGTERM');
      return exit;
    },
  };
}

export interface Answer {
  status: number;
  body: Record<string, unknown> & { data?: unknown; error?: string };
}

export async function call(base: string, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

export async function tokenThrough(base: string, client = { clientId: 'mock-client', clientSecret: 'mock-secret' }): Promise<string> {
  const answer = await call(base, 'POST', '/v1/auth/token', { body: { client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'client_credentials' } });
  if (answer.status !== 200) throw new Error(`token → ${answer.status}`);
  return (answer.body.data as { access_token: string }).access_token;
}

const proxyDocument = parse(readFileSync(new URL('../../spec/proxy.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
const proxyRouter = createOpenApiRouter({ document: proxyDocument });

/** The proxy's report, read from its own route; its answer is checked against spec/proxy.yaml first. */
export async function reportOf(proxy: RunningProxy): Promise<ProxyReport> {
  const response = await fetch(`${proxy.url}/__admin/proxy/report`);
  const body = (await response.json()) as { data: ProxyReport };
  const router = await proxyRouter;
  const operation = router.match('get', '/proxy/report');
  if (!operation) throw new Error('spec/proxy.yaml has no GET /proxy/report');
  const headers = Object.fromEntries(response.headers);
  const problems = responseProblems(router.backend, operation, { status: response.status, headers, body: { kind: 'value', value: body }, contentType: headers['content-type'] }, true);
  if (problems.length > 0) throw new Error(`the report does not match spec/proxy.yaml: ${JSON.stringify(problems)}`);
  return body.data;
}

/** Every departure of the report as `operationId kind path`, for exact comparison. */
export function departuresOf(report: ProxyReport): string[] {
  return report.operations.flatMap((operation) => operation.departures.map((departure) => `${operation.operationId} ${departure.kind} ${departure.path} ×${departure.count}`)).sort();
}
