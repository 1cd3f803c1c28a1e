/**
 * The one place that writes an HTTP response for the API: status, JSON body, X-Request-Id, RateLimit-*
 * and the headers an error needs; then every observer sees the exchange.
 */
import type { Response } from 'express';
import type { Exchange, ExchangeObserver, RequestContext } from '../core/context.ts';
import { ERRORS, wwwAuthenticate } from '../core/failures.ts';
import type { Reply } from '../core/reply.ts';

export function renderReply(context: RequestContext, reply: Reply): Omit<Exchange, 'context'> {
  const headers: Record<string, string> = { 'X-Request-Id': context.requestId };
  if (context.rateLimit) {
    headers['RateLimit-Limit'] = String(context.rateLimit.limit);
    headers['RateLimit-Remaining'] = String(context.rateLimit.remaining);
    headers['RateLimit-Reset'] = String(context.rateLimit.resetSeconds);
  }
  if (reply.ok) return { status: reply.status, headers: { ...headers, ...reply.headers }, body: reply.body };

  const entry = ERRORS[reply.reason];
  if (entry.status === 401) headers['WWW-Authenticate'] = wwwAuthenticate(reply.reason);
  const body = {
    error: entry.code,
    message: reply.message ?? entry.message,
    requestId: context.requestId,
    ...(reply.details && reply.details.length > 0 ? { details: reply.details } : {}),
  };
  return { status: entry.status, headers: { ...headers, ...reply.headers }, body };
}

export function sendReply(
  res: Response,
  context: RequestContext,
  reply: Reply,
  observers: readonly ExchangeObserver[] = [],
): void {
  const rendered = renderReply(context, reply);
  res.status(rendered.status);
  for (const [name, value] of Object.entries(rendered.headers)) res.setHeader(name, value);
  if (rendered.body === undefined) res.end();
  else res.type('application/json').send(JSON.stringify(rendered.body));
  const exchange: Exchange = { context, ...rendered };
  for (const observe of observers) observe(exchange);
}
