/**
 * The one place every API request and response passes, as named stages:
 *   context → API path → rate limit → body → route/security/validate/handle (openapi-backend) → durable
 *   commit → reply. Later stages (scenario effects, the request journal) plug in here.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../deps.ts';
import { silentLogger } from '../log.ts';
import type { ApiRouter } from './api-router.ts';
import { baseUrlOf } from './base-url.ts';
import { withBasicClientCredentials } from './basic-credentials.ts';
import type { RequestContext } from './context.ts';
import { failure } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Reply } from './reply.ts';
import { readBody } from './request-body.ts';
import { sendReply } from './send-reply.ts';
import { stripApiPrefix } from './spec-document.ts';

/** A sent X-Request-Id is echoed when it is printable ASCII without spaces (safe to put back in a header). */
const REQUEST_ID = /^[\x21-\x7E]{1,200}$/;

export function createContext(req: Request, deps: AppDeps): RequestContext {
  const sent = req.get('x-request-id');
  return {
    requestId: sent && REQUEST_ID.test(sent) ? sent : deps.random.id('req'),
    ip: req.socket.remoteAddress ?? 'unknown',
    method: req.method,
    path: req.baseUrl + req.path,
    receivedAt: deps.clock.now(),
    baseUrl: baseUrlOf(req, deps.config),
  };
}

export function createApiPipeline(router: ApiRouter, limiter: RateLimiter, deps: AppDeps): RequestHandler {
  const logger = deps.logger ?? silentLogger;
  return async (req: Request, res: Response) => {
    const context = createContext(req, deps);
    let reply: Reply;
    try {
      reply = await runStages(req, res, context, router, limiter, deps);
      if (reply.ok) await deps.store.commit();
    } catch (error) {
      logger.error(`${context.method} ${context.path} (${context.requestId}): ${String((error as Error)?.stack ?? error)}`);
      reply = failure('internal');
    }
    sendReply(res, context, reply, deps.observers);
  };
}

async function runStages(
  req: Request,
  res: Response,
  context: RequestContext,
  router: ApiRouter,
  limiter: RateLimiter,
  deps: AppDeps,
): Promise<Reply> {
  const apiPath = stripApiPrefix(context.path);
  if (apiPath === undefined) return failure('not_found');
  // RFC 9110 §9.3.2: HEAD is answered as GET, without the body (Node's http drops it).
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const decodable = isDecodable(apiPath);
  // Routed before the limiter, so a 429 is still the answer of a known operation.
  if (decodable) context.operationId = router.operationIdOf({ method, path: apiPath });
  const decision = limiter.hit(context.ip);
  if (decision) {
    context.rateLimit = decision;
    if (!decision.allowed) return failure('rate_limited', { headers: { 'Retry-After': String(decision.resetSeconds) } });
  }
  if (!decodable) return failure('invalid_request', { message: 'Caminho com codificação inválida' });

  const body = await readBody(req, res);
  if (!body.ok) return body;

  const request = {
    method,
    path: apiPath,
    query: parseQuery(req.originalUrl),
    headers: req.headers as Record<string, string | string[]>,
    body: body.body,
  };
  if (context.operationId === 'issueToken') {
    request.body = withBasicClientCredentials(request.body, req.headers.authorization);
  }

  const literal = router.literalPathMethods(apiPath);
  if (literal && !literal.includes(method.toUpperCase())) {
    context.operationId = undefined;
    return failure('method_not_allowed', { headers: { Allow: allowHeader(literal) } });
  }
  const reply = await router.handle(request, context, deps);
  if (!reply.ok && reply.reason === 'method_not_allowed') {
    return { ...reply, headers: { ...reply.headers, Allow: allowHeader(router.allowedMethods(apiPath)) } };
  }
  return reply;
}

function allowHeader(methods: readonly string[]): string {
  return methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])).join(', ');
}

/** openapi-backend decodes path parameters and throws on a malformed escape such as `%E0%A4%A`. */
function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Query string → object; a repeated key becomes a list, as openapi-backend expects. */
function parseQuery(url: string): Record<string, string | string[]> {
  const values = new Map<string, string[]>();
  const search = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  for (const [key, value] of search) values.set(key, [...(values.get(key) ?? []), value]);
  // fromEntries defines own properties, so a key such as `__proto__` stays plain data.
  return Object.fromEntries([...values].map(([key, list]) => [key, list.length === 1 ? (list[0] as string) : list]));
}
