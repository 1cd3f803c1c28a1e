/**
 * The proxy: each request goes on unchanged to the target and its answer comes back unchanged; on the way the
 * exchange is judged against spec/openapi.yaml (departures.ts) and handed to the recorder. With a fallback mock,
 * an operation the target does not answer (501, or no connection) is answered by the mock instead, unjudged.
 * `GET /__admin/proxy/report` is the proxy's own: the drift report so far.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { failure } from '../errors/failures.ts';
import { renderReply } from '../http/send-reply.ts';
import { redactUrlPath } from '../http/redact.ts';
import type { OpenApiRouter } from '../openapi/openapi-router.ts';
import { requestProblems } from '../contracts/request-conformance.ts';
import { createSecureRandom } from '../platform/random.ts';
import { judgeExchange, type Judged } from './departures.ts';
import type { DriftLog } from './drift-log.ts';
import { exchangeOf, type Exchange } from './exchange.ts';
import { forward, HOP_BY_HOP, readBody, type Answer, type Outgoing } from './forward.ts';

export const REPORT_PATH = '/__admin/proxy/report';

export interface FallbackMock {
  url: URL;
  /**
   * A bearer token of the mock's own client. The caller's token was issued by the target, which the mock does not
   * know: a call that presents one reaches the mock with this instead (the caller's never leaves for the mock).
   */
  bearer(fresh: boolean): Promise<string>;
}

export interface ProxyOptions {
  target: URL;
  router: OpenApiRouter;
  log: DriftLog;
  /** The mock that answers what the target does not (`--fallback mock`). */
  fallback?: FallbackMock;
  /** Told each judged exchange, with its operation (the recorder). */
  onExchange?(exchange: Exchange, judged: Judged): void;
  /** One line per exchange; never a credential (the query's secrets are masked). */
  print(line: string): void;
}

export function createProxyHandler(options: ProxyOptions): RequestListener {
  const random = createSecureRandom();
  return (req, res) => {
    void serve(options, req, res).catch((error: unknown) => {
      const requestId = req.headers['x-request-id'];
      const id = typeof requestId === 'string' && requestId ? requestId : random.id('req');
      if (!res.headersSent) {
        // The API's error body, built by the one reply renderer from the catalogue (it reads only the request id).
        const refused = renderReply({ requestId: id }, failure('target_unreachable'));
        sendJson(res, refused.status, refused.body, refused.headers as Record<string, string>);
      }
      else res.destroy();
      options.print(`${req.method ?? 'GET'} ${redactUrlPath(req.url ?? '/')} → no answer (${String((error as Error).message)})`);
    });
  };
}

async function serve(options: ProxyOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  if (url.split('?')[0] === REPORT_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
    sendJson(res, 200, { data: options.log.report() });
    return;
  }
  const outgoing: Outgoing = { method: req.method ?? 'GET', url, headers: req.headers, body: await readBody(req) };
  const line = `${outgoing.method} ${redactUrlPath(url)}`;
  const answer = await forward(options.target, outgoing).catch((error: unknown) => {
    if (options.fallback) return undefined;
    throw error;
  });
  if (options.fallback && (answer === undefined || answer.status === 501)) {
    const fromMock = await askMock(options.fallback, outgoing);
    send(res, fromMock);
    const operationId = requestProblems(options.router, exchangeOf(outgoing, fromMock).request).operation?.operationId ?? `${outgoing.method} ${url.split('?')[0]}`;
    options.log.answeredByMock(operationId);
    options.print(`${line} → ${fromMock.status} (answered by the mock: the target ${answer ? 'answered 501' : 'did not answer'})`);
    return;
  }
  if (!answer) throw new Error('no answer');
  send(res, answer);
  const exchange = exchangeOf(outgoing, answer);
  const judged = judgeExchange(options.router, exchange);
  options.log.judged(judged.operationId, judged.departures);
  options.onExchange?.(exchange, judged);
  const departures = judged.departures.length;
  options.print(`${line} → ${answer.status}${departures > 0 ? ` (${departures} departure${departures === 1 ? '' : 's'})` : ''}`);
}

async function askMock(mock: FallbackMock, outgoing: Outgoing): Promise<Answer> {
  if (!/^Bearer /i.test(String(outgoing.headers['authorization'] ?? ''))) return forward(mock.url, outgoing);
  const withToken = async (fresh: boolean) => forward(mock.url, { ...outgoing, headers: { ...outgoing.headers, authorization: `Bearer ${await mock.bearer(fresh)}` } });
  const answer = await withToken(false);
  // The mock's token may have expired on its clock: one fresh token, once.
  return answer.status === 401 ? withToken(true) : answer;
}

function send(res: ServerResponse, answer: Answer): void {
  const headers: string[] = [];
  for (let index = 0; index + 1 < answer.rawHeaders.length; index += 2) {
    const name = answer.rawHeaders[index] ?? '';
    if (!HOP_BY_HOP.has(name.toLowerCase())) headers.push(name, answer.rawHeaders[index + 1] ?? '');
  }
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
