/** The proxy command run in process, and calls through it as an integration makes them. */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { runCli } from '../../src/cli/cli.ts';
import { responseProblems } from '../../src/conformance/response-conformance.ts';
import { createOpenApiRouter } from '../../src/openapi/openapi-router.ts';
import type { ProxyReport } from '../../src/proxy/drift-log.ts';

export interface RunningProxy {
  url: string;
  stdout(): string;
  /** Stops it as SIGTERM does; resolves with the exit code. */
  stop(): Promise<number>;
}

/**
 * The proxy command in process, on a port the OS picks, or on `server`: a server already listening (see
 * `listeningServer`), which the proxy serves and closes, for a test that must name the proxy's port in its flags.
 */
export async function startProxy(args: string[], server?: Server): Promise<RunningProxy> {
  const stop = new AbortController();
  let stdout = '';
  let stderr = '';
  let listening: (url: string) => void = () => undefined;
  const ready = new Promise<string>((resolve) => (listening = resolve));
  const io = {
    stdout: (text: string) => void (stdout += text),
    stderr: (text: string) => void (stderr += text),
    stop: stop.signal,
    listening,
    ...(server ? { server } : {}),
  };
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

const PROXY_RESPONSES = (proxyDocument['components'] as { responses: Record<string, { description: string }> }).responses;
const proxyErrorSchema = new Ajv({ strict: false }).compile(
  (proxyDocument['components'] as { schemas: Record<string, object> }).schemas['ProxyError'] ?? {},
);

/**
 * A refusal the proxy answers itself, checked against its entry of spec/proxy.yaml's `components.responses` (the
 * status its description starts with, the ProxyError body, `X-Request-Id` equal to `requestId`); its body.
 */
export async function proxyRefusal(response: Response, name: string): Promise<Record<string, unknown>> {
  const documented = PROXY_RESPONSES[name];
  if (!documented) throw new Error(`spec/proxy.yaml has no response ${name}`);
  const body = (await response.json()) as Record<string, unknown>;
  if (!documented.description.startsWith(`${response.status} \`${String(body['error'])}\``)) {
    throw new Error(`${response.status} ${String(body['error'])} is not spec/proxy.yaml's ${name}: ${documented.description}`);
  }
  if (!proxyErrorSchema(body)) throw new Error(`not a ProxyError: ${JSON.stringify(proxyErrorSchema.errors)}`);
  if (response.headers.get('x-request-id') !== body['requestId']) throw new Error('X-Request-Id differs from requestId');
  return body;
}

export interface RawTarget {
  url: string;
  /** The requests it received, in order. */
  seen: Array<{ method: string; url: string; headers: IncomingMessage['headers'] }>;
  stop(): Promise<void>;
}

/** A plain HTTP server standing in for a target (or for another host): it answers with `handler`. */
export async function startRawTarget(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<RawTarget> {
  const seen: RawTarget['seen'] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON answer with its length (not chunked) and the `X-Request-Id` the document requires, as a raw target sends it. */
export function sendJson(res: ServerResponse, body: unknown, status = 200): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'X-Request-Id': 'req_1' });
  res.end(text);
}

/**
 * An HTTP server listening on a loopback port the OS gave it, with no handler yet: handed to a command (`io.server`)
 * that serves it, so the port is known before the command starts and held from then on. Never closed and bound
 * again: a port released is the OS's to give to anyone.
 */
export async function listeningServer(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
