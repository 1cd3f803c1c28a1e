/**
 * The one place that writes an HTTP response for the API: status, JSON body, X-Request-Id, the headers the stages
 * added for any answer (`replyHeaders`: the rate limit's) and the headers an error needs; then every observer sees
 * the exchange.
 */
import type { ServerResponse } from 'node:http';
import type { ConnectionPlan, Exchange, ExchangeObserver, NetworkFate, RequestContext } from '../domain/caller.ts';
import { ERRORS, wwwAuthenticate } from '../errors/failures.ts';
import type { Reply } from '../domain/reply.ts';
import { holdReply, trickleReply } from './held-replies.ts';

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
 * response (`Connection: close` after a refused body) are kept. A request whose context carries a connection plan
 * (`context.connection`, set by a stage: an armed network failure) is carried out by `sendPlanned`; no other pays for it.
 */
export function sendReply(
  res: ServerResponse,
  context: RequestContext,
  reply: Reply,
  observers: readonly ExchangeObserver[] = [],
  request?: Exchange['request'],
): void {
  if (context.connection !== undefined) return sendPlanned(res, context, context.connection, reply, observers, request);
  if (!reply.ok && reply.drop) {
    res.socket?.destroy();
    observeDropped(context, observers, request);
    return;
  }
  writeReply(res, context, reply, observers, request);
}

function writeReply(
  res: ServerResponse,
  context: RequestContext,
  reply: Reply,
  observers: readonly ExchangeObserver[],
  request: Exchange['request'] | undefined,
  network?: Exchange['network'],
  trickleMs?: number,
): void {
  const rendered = renderReply(context, reply);
  const payload = rendered.body === undefined ? undefined : JSON.stringify(rendered.body);
  // renderReply made the headers for this answer alone: completed in place.
  const headers = rendered.headers;
  if (payload !== undefined) {
    headers['Content-Type'] = 'application/json; charset=utf-8';
    headers['Content-Length'] = String(Buffer.byteLength(payload));
  }
  res.writeHead(rendered.status, headers);
  const exchange: Exchange = { context, status: rendered.status, headers, body: rendered.body };
  if (request) exchange.request = request;
  if (payload !== undefined) exchange.payload = payload;
  if (trickleMs !== undefined) {
    // Observed once the last byte is written, or the client closed before it.
    return trickleReply(res, payload, trickleMs, (end, heldMs) => {
      exchange.network = { fate: end === 'closed' ? 'closed_while_trickled' : 'trickled', heldMs };
      for (const observe of observers) observe(exchange);
    });
  }
  res.end(payload);
  if (network) exchange.network = network;
  for (const observe of observers) observe(exchange);
}

/** A connection closed without an answer: observers see status 0 and nothing sent. */
function observeDropped(context: RequestContext, observers: readonly ExchangeObserver[], request: Exchange['request'] | undefined, network?: Exchange['network']): void {
  for (const observe of observers) observe({ context, status: 0, headers: {}, body: undefined, ...(request ? { request } : {}), ...(network ? { network } : {}) });
}

/**
 * A connection plan carried out: held first when it says so (ended early if the connection closes), then the
 * connection dropped or reset without a byte, or the answer written (its body trickled when the plan says so).
 * Observers see what became of the answer (`network`) with the status the stages produced: a `201` whose answer was
 * lost is journaled as a 201 the client never saw; a dropped reply (nothing handled) as 0.
 */
function sendPlanned(
  res: ServerResponse,
  context: RequestContext,
  plan: ConnectionPlan,
  reply: Reply,
  observers: readonly ExchangeObserver[],
  request: Exchange['request'] | undefined,
): void {
  const handled = reply.ok || !reply.drop;
  const lost = (fate: NetworkFate, heldMs: number | undefined) => {
    const network = { fate, ...(heldMs !== undefined && { heldMs }) };
    if (!handled) return observeDropped(context, observers, request, network);
    // Rendered as it would have been sent: the journal keeps what the client would have read.
    const rendered = renderReply(context, reply);
    const exchange: Exchange = { context, ...rendered, network };
    if (request) exchange.request = request;
    for (const observe of observers) observe(exchange);
  };
  const finish = (heldMs: number | undefined) => {
    if (plan.end === 'reset') {
      resetConnection(res);
      return lost('reset', heldMs);
    }
    if (plan.end === 'drop' || !handled) {
      res.socket?.destroy();
      return lost(heldMs === undefined ? 'reply_lost' : 'held_then_dropped', heldMs);
    }
    if (plan.trickleMs !== undefined) return writeReply(res, context, reply, observers, request, undefined, plan.trickleMs);
    if (heldMs === undefined) return writeReply(res, context, reply, observers, request);
    writeReply(res, context, reply, observers, request, { fate: 'held', heldMs });
  };
  if (plan.holdMs === undefined) return finish(undefined);
  holdReply(
    res,
    plan.holdMs,
    (end, heldMs) => {
      if (end === 'closed') return lost('closed_while_held', heldMs);
      try {
        finish(heldMs);
      } catch {
        // Past the stages' runner, which answers what throws: nothing was written, so the connection is closed.
        res.socket?.destroy();
      }
    },
    plan.until,
  );
}

/** A TCP reset where Node has it (the client reads ECONNRESET), a plain close where it does not. */
function resetConnection(res: ServerResponse): void {
  const socket = res.socket as (ServerResponse['socket'] & { resetAndDestroy?: () => void }) | null;
  if (socket?.resetAndDestroy) socket.resetAndDestroy();
  else socket?.destroy();
}
