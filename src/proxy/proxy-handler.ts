/**
 * The proxy: each request goes on to the configured target (and only there, whatever its request line names) and
 * its answer streams back unchanged; on the way the exchange is judged against spec/openapi.yaml (departures.ts)
 * and handed to the recorder. Bodies are kept for that only up to a limit (bounded-body.ts). With a fallback mock,
 * an operation the target does not answer (501, no connection, silence past the timeout) is answered by the mock
 * instead, unjudged. `GET /__admin/proxy/report` is the proxy's own: the drift report so far.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { failure, type Failure } from '../errors/failures.ts';
import { renderReply } from '../http/send-reply.ts';
import { redactUrlPath } from '../http/redact.ts';
import type { OpenApiRouter } from '../openapi/openapi-router.ts';
import { createSecureRandom } from '../platform/random.ts';
import { adminNotForwarded, judgeAdminPath, type AdminForwarding } from './admin-guard.ts';
import { readUpTo, relay } from './bounded-body.ts';
import { judgeExchange, operationIdOf, type Judged } from './departures.ts';
import type { DriftLog } from './drift-log.ts';
import { exchangeOf, type Exchange } from './exchange.ts';
import { openUpstream, type Outgoing } from './forward.ts';
import { createHop, type Hop } from './hop.ts';
import { forwardedPath } from './request-target.ts';
import { createTargetTokens, type TargetTokens } from './target-tokens.ts';

export const REPORT_PATH = '/__admin/proxy/report';

export interface FallbackMock {
  url: URL;
  /**
   * A bearer token of the mock's own client, presented in place of a token the target issued through this proxy
   * (target-tokens.ts); any other bearer reaches the mock as sent.
   */
  bearer(fresh: boolean): Promise<string>;
}

export interface ProxyLimits {
  /** `--timeout`: silence from an upstream past this ends the call (504, or the fallback). */
  timeoutMs: number;
  /** `--max-judged-bytes`: the most of each body kept to be judged, recorded or sent to the fallback. */
  judgedBytes: number;
}

export interface ProxyOptions {
  target: URL;
  router: OpenApiRouter;
  log: DriftLog;
  limits: ProxyLimits;
  /** The mock that answers what the target does not (`--fallback mock`). */
  fallback?: FallbackMock;
  /** Whether `/__admin` goes on to the target, and the proxy's own address its Host rule needs (admin-guard.ts). */
  admin: AdminForwarding;
  /** Told each exchange judged whole, with its operation (the recorder). */
  onExchange?(exchange: Exchange, judged: Judged): void;
  /** One line per exchange; never a credential (the query's secrets are masked). */
  print(line: string): void;
}

interface Proxy extends ProxyOptions {
  hop: Hop;
  targetTokens: TargetTokens;
  requestId(req: IncomingMessage): string;
}

export function createProxyHandler(options: ProxyOptions): RequestListener {
  const random = createSecureRandom();
  const requestId = (req: IncomingMessage) => {
    const sent = req.headers['x-request-id'];
    return typeof sent === 'string' && sent ? sent : random.id('req');
  };
  const proxy: Proxy = { ...options, hop: createHop(random), targetTokens: createTargetTokens(), requestId };
  return (req, res) => {
    void serve(proxy, req, res).catch((error: unknown) => {
      // A bug, or the client breaking off its own request: there is no upstream answer to blame.
      if (res.headersSent) res.destroy();
      else refuse(proxy, req, res, failure('internal'));
      options.print(`${req.method ?? 'GET'} ${redactUrlPath(req.url ?? '/')} → failed (${String((error as Error).message)})`);
    });
  };
}

function upstreamOf(proxy: Proxy, url: URL) {
  return { url, timeoutMs: proxy.limits.timeoutMs, via: proxy.hop.via };
}

async function serve(proxy: Proxy, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = forwardedPath(req.url ?? '/');
  const method = req.method ?? 'GET';
  const line = `${method} ${redactUrlPath(path ?? req.url ?? '/')}`;
  if (path === undefined) return refuseAndPrint(proxy, req, res, failure('invalid_request'), line, 'not a path');
  const admin = judgeAdminPath(req, method, path, proxy.admin);
  if (admin.kind === 'refused') return refuseAndPrint(proxy, req, res, admin.failure, line, `the mock's guard: ${admin.failure.reason}`);
  if (admin.kind === 'admin') {
    if (path.split('?')[0] === REPORT_PATH && (method === 'GET' || method === 'HEAD')) {
      sendJson(res, 200, { data: proxy.log.report() });
      return;
    }
    const notForwarded = adminNotForwarded(proxy.admin);
    if (notForwarded) return refuseAndPrint(proxy, req, res, notForwarded, line, 'the admin API is forwarded only with --forward-admin');
  }
  if (proxy.hop.looped(req.headers)) return refuseAndPrint(proxy, req, res, failure('proxy_loop'), line, 'it came back to this proxy');
  const read = await readUpTo(req, proxy.limits.judgedBytes);
  const outgoing: Outgoing = { method, url: path, headers: req.headers, body: read.whole ? read.body : read.start };
  const opened = await openUpstream(upstreamOf(proxy, proxy.target), outgoing, read.whole ? undefined : read.rest);
  // A body streamed on past the limit was not kept, so it cannot be sent again to the fallback.
  if (proxy.fallback && read.whole && (!opened.ok || opened.answer.statusCode === 501)) {
    if (opened.ok) opened.answer.resume();
    const why = opened.ok ? 'answered 501' : opened.reason === 'target_timeout' ? 'did not answer in time' : 'could not be reached';
    return answerFromMock(proxy, proxy.fallback, outgoing, res, (status) => `${line} → ${status} (answered by the mock: the target ${why})`);
  }
  if (!opened.ok) return refuseAndPrint(proxy, req, res, failure(opened.reason), line, opened.reason === 'target_timeout' ? 'the target was silent' : 'the target could not be reached');
  const { answer } = opened;
  const relayed = await relay(answer, res, proxy.limits.judgedBytes);
  if (!relayed.ok) {
    proxy.print(`${line} → ${answer.statusCode ?? 502} (cut off: the target or the client broke off the answer)`);
    return;
  }
  const kept = { status: answer.statusCode ?? 502, rawHeaders: answer.rawHeaders, headers: answer.headers, body: relayed.whole ? relayed.body : Buffer.alloc(0) };
  const exchange = exchangeOf(outgoing, kept, proxy.limits.judgedBytes);
  const judged = judgeExchange(proxy.router, read.whole && relayed.whole ? exchange : { ...exchange, tooLargeToJudge: true });
  proxy.log.judged(judged.operationId, judged.departures, judged.bodiesJudged);
  if (judged.bodiesJudged) {
    proxy.targetTokens.saw(judged.operationId, exchange.status, exchange.body);
    proxy.onExchange?.(exchange, judged);
  }
  const departures = judged.departures.length;
  const notes = [...(departures > 0 ? [`${departures} departure${departures === 1 ? '' : 's'}`] : []), ...(judged.bodiesJudged ? [] : ['bodies not judged'])];
  proxy.print(`${line} → ${exchange.status}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`);
}

/**
 * How long the fallback mock (in this process) may take: `--timeout` is a bound on the real target, often set small
 * to fall back quickly; the mock's first answers (a secret's hash checked, an operation's validator loaded) can take
 * longer than that on a loaded machine, and a bound that small would turn the fallback's answer into a 500.
 */
const FALLBACK_TIMEOUT_MS = 30_000;

async function answerFromMock(proxy: Proxy, mock: FallbackMock, outgoing: Outgoing, res: ServerResponse, line: (status: number) => string): Promise<void> {
  const upstream = { ...upstreamOf(proxy, mock.url), timeoutMs: Math.max(proxy.limits.timeoutMs, FALLBACK_TIMEOUT_MS) };
  const swapped = proxy.targetTokens.issuedBearer(outgoing.headers);
  const ask = async (fresh: boolean) =>
    openUpstream(upstream, swapped ? { ...outgoing, headers: { ...outgoing.headers, authorization: `Bearer ${await mock.bearer(fresh)}` } } : outgoing);
  let opened = await ask(false);
  // The mock's own token may have expired on its clock: one fresh token, once.
  if (swapped && opened.ok && opened.answer.statusCode === 401) {
    opened.answer.resume();
    opened = await ask(true);
  }
  if (!opened.ok) throw new Error(`the fallback mock did not answer (${opened.reason})`);
  const status = opened.answer.statusCode ?? 502;
  await relay(opened.answer, res, 0);
  proxy.log.answeredByMock(operationIdOf(proxy.router, outgoing.method, outgoing.url.split('?')[0] ?? '/'));
  proxy.print(line(status));
}

function refuseAndPrint(proxy: Proxy, req: IncomingMessage, res: ServerResponse, refusal: Failure, line: string, why: string): void {
  refuse(proxy, req, res, refusal);
  proxy.print(`${line} → ${res.statusCode} (${why})`);
}

function refuse(proxy: Proxy, req: IncomingMessage, res: ServerResponse, refusal: Failure): void {
  // The API's error body, built by the one reply renderer from the catalogue (it reads only the request id).
  const refused = renderReply({ requestId: proxy.requestId(req) }, refusal);
  // What the client is still sending is not read: the connection ends with the answer.
  if (!req.readableEnded) res.setHeader('Connection', 'close');
  sendJson(res, refused.status, refused.body, refused.headers as Record<string, string>);
  req.resume();
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
