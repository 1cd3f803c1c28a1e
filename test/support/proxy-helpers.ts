/** The proxy command run in process, and calls through it as an integration makes them. */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
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
 * `use` run on a port found free; run again on another when the port was taken meanwhile (another test's server
 * may bind it between its release and `use`), which `taken` reads from the result. The last result is returned.
 */
export async function onFreePort<T>(use: (port: number) => Promise<T>, taken: (result: T) => boolean, attempts = 5): Promise<{ port: number; result: T }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const result = await use(port);
    if (!taken(result) || attempt >= attempts) return { port, result };
  }
}

/** A port nothing listens on now (taken and released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
