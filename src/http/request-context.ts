/** The context of a request as it arrives: its id (echoed or new), the caller's IP, the path, the link base. */
import type { Request } from 'express';
import { monotonicMs } from '../platform/clock.ts';
import type { RequestContext } from '../handling/request-context-types.ts';
import type { Policy } from '../domain/policy.ts';
import { ID_PREFIX } from '../domain/ids.ts';
import type { FlowDeps } from '../platform/deps.ts';
import { baseUrlOf } from './base-url.ts';

/** A sent X-Request-Id is echoed when it is printable ASCII without spaces (safe to put back in a header). */
const REQUEST_ID = /^[\x21-\x7E]{1,200}$/;

export function requestContext(req: Request, deps: Pick<FlowDeps, 'config' | 'clock' | 'random'>, policy: Policy): RequestContext {
  const sent = req.get('x-request-id');
  return {
    requestId: sent && REQUEST_ID.test(sent) ? sent : deps.random.id(ID_PREFIX.request),
    ip: req.socket.remoteAddress ?? 'unknown',
    method: req.method,
    path: req.baseUrl + req.path,
    query: req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '',
    receivedAt: deps.clock.now(),
    baseUrl: baseUrlOf(req, deps.config),
    policy,
    startedMs: monotonicMs(),
  };
}

/** Milliseconds since the request arrived, to 0.01 ms (the journal and the access log report the same figure). */
export function elapsedMs(context: Pick<RequestContext, 'startedMs'>): number {
  return Math.round((monotonicMs() - context.startedMs) * 100) / 100;
}
