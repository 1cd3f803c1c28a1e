/** The context of a request as it arrives: its id (echoed or new), the caller's IP, the path, the link base. */
import type { IncomingMessage } from 'node:http';
import { monotonicMs } from '../platform/clock.ts';
import type { RequestContext } from '../domain/caller.ts';
import type { Policy } from '../domain/policy.ts';
import { ID_PREFIX } from '../domain/ids.ts';
import type { AppDeps } from '../deps/deps.ts';
import { baseUrlOf } from './base-url.ts';

/** A sent X-Request-Id is echoed when it is printable ASCII without spaces (safe to put back in a header). */
const REQUEST_ID = /^[\x21-\x7E]{1,200}$/;

/** Where a request goes: the path as sent (not decoded) and the query string without `?` ('' when none). */
export interface RequestTarget {
  path: string;
  query: string;
}

/**
 * The target of a request line's URL (`req.url` as node:http gives it): origin form `/v1/x?y`, or the absolute
 * form a proxy sends (`http://host/v1/x?y`), whose path is what is served.
 */
export function targetOf(url: string): RequestTarget {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  return { path: path.startsWith('/') ? path : pathOfAbsoluteForm(path), query: at < 0 ? '' : url.slice(at + 1) };
}

function pathOfAbsoluteForm(path: string): string {
  try {
    return new URL(path).pathname;
  } catch {
    return path;
  }
}

export function requestContext(
  req: IncomingMessage,
  target: RequestTarget,
  deps: Pick<AppDeps, 'config' | 'clock' | 'random'>,
  policy: Policy,
  /** The request's own Host as `ownHost` (base-url.ts) judged it: undefined for a foreign one. */
  host: string | undefined,
): RequestContext {
  const sent = req.headers['x-request-id'];
  return {
    requestId: typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : deps.random.id(ID_PREFIX.request),
    ip: req.socket.remoteAddress ?? 'unknown',
    method: req.method ?? 'GET',
    path: target.path,
    query: target.query,
    receivedAt: deps.clock.now(),
    baseUrl: baseUrlOf(req, deps.config, host),
    policy,
    startedMs: monotonicMs(),
  };
}

/** Milliseconds since the request arrived, to 0.01 ms (the journal and the access log report the same figure). */
export function elapsedMs(context: Pick<RequestContext, 'startedMs'>): number {
  return Math.round((monotonicMs() - context.startedMs) * 100) / 100;
}
