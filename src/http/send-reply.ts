/**
 * The one place that writes an HTTP response for the API: status, JSON body, X-Request-Id, the headers the stages
 * added for any answer (`replyHeaders`: the rate limit's) and the headers an error needs; then every observer sees
 * the exchange.
 */
import type { ServerResponse } from 'node:http';
import type { Exchange, ExchangeObserver, RequestContext } from '../domain/caller.ts';
import { ERRORS, wwwAuthenticate } from '../errors/failures.ts';
import type { Reply } from '../domain/reply.ts';

export function renderReply(context: Pick<RequestContext, 'requestId' | 'replyHeaders'>, reply: Reply): Omit<Exchange, 'context'> {
  const headers: Record<string, string> = { 'X-Request-Id': context.requestId };
  if (context.replyHeaders) Object.assign(headers, context.replyHeaders);
  if (reply.ok) return { status: reply.status, headers: Object.assign(headers, reply.headers), body: reply.body };

  const entry = ERRORS[reply.reason];
  const status = reply.scripted?.status ?? entry.status;
  if (status === 401 && entry.status === 401) headers['WWW-Authenticate'] = wwwAuthenticate(reply.reason);
  const body = {
    error: reply.scripted?.code ?? entry.code,
    message: reply.message,
    requestId: context.requestId,
    ...(reply.details && reply.details.length > 0 ? { details: reply.details } : {}),
  };
  return { status, headers: Object.assign(headers, reply.headers), body };
}

/**
 * Serialised first (a body that cannot be serialised throws before anything is written), then written in one
 * `writeHead` + `end`: Express's `send` costs more and computes what is known here. Headers set earlier on the
 * response (`Connection: close` after a refused body) are kept.
 */
export function sendReply(
  res: ServerResponse,
  context: RequestContext,
  reply: Reply,
  observers: readonly ExchangeObserver[] = [],
  request?: Exchange['request'],
): void {
  if (!reply.ok && reply.drop) {
    res.socket?.destroy();
    for (const observe of observers) observe({ context, status: 0, headers: {}, body: undefined, ...(request ? { request } : {}) });
    return;
  }
  const rendered = renderReply(context, reply);
  const payload = rendered.body === undefined ? undefined : JSON.stringify(rendered.body);
  // renderReply made the headers for this answer alone: completed in place.
  const headers = rendered.headers;
  if (payload !== undefined) {
    headers['Content-Type'] = 'application/json; charset=utf-8';
    headers['Content-Length'] = String(Buffer.byteLength(payload));
  }
  res.writeHead(rendered.status, headers);
  res.end(payload);
  const exchange: Exchange = { context, status: rendered.status, headers, body: rendered.body };
  if (request) exchange.request = request;
  if (payload !== undefined) exchange.payload = payload;
  for (const observe of observers) observe(exchange);
}
