/**
 * A request served as a value, without a socket: the same stages, request state and reply rendering as
 * serve-stages.ts, the exchange seen by the same observers (the access log, the request journal), and the rendered
 * reply handed back instead of written. The mock's own provider-state endpoint reaches the mock this way, so
 * setting a state up never opens a connection to the mock itself.
 */
import type { Exchange } from '../domain/caller.ts';
import { ID_PREFIX } from '../domain/ids.ts';
import { monotonicMs } from '../platform/clock.ts';
import { targetOf } from './request-context.ts';
import { renderReply } from './send-reply.ts';
import { stageRunner, type ServeOptions } from './serve-stages.ts';
import type { RequestState, Stage } from './stage.ts';

export interface RequestValue {
  method: string;
  /** The path and query as sent (`/v1/orders?page=2`). */
  url: string;
  /** Lower-case names, as node:http gives them. */
  headers: Record<string, string>;
  /** The body as parsed JSON, when there is one. */
  body?: unknown;
  /** Who sends it: the IP its rate window is counted for. */
  ip: string;
  /** Base of the links the reply hands out. */
  baseUrl: string;
}

export type StageDispatch = (request: RequestValue) => Promise<Omit<Exchange, 'context'>>;

export function dispatchStages(list: readonly Stage[], options: ServeOptions): StageDispatch {
  const run = stageRunner(list, options);
  const { deps, observers, basePolicy } = options;
  return async (value) => {
    const target = targetOf(value.url);
    // A copy, as a parsed body would be: the stages may not change the caller's object.
    const body: unknown = value.body === undefined ? undefined : JSON.parse(JSON.stringify(value.body));
    const state: RequestState = {
      context: {
        requestId: deps.random.id(ID_PREFIX.request),
        ip: value.ip,
        method: value.method,
        path: target.path,
        query: target.query,
        receivedAt: deps.clock.now(),
        baseUrl: value.baseUrl,
        policy: basePolicy(),
        startedMs: monotonicMs(),
      },
      incoming: {
        headers: value.headers,
        rawQuery: target.query,
        readBody: () => Promise.resolve({ ok: true, body }),
        // Sent by the mock to itself: its own host, and no browser page's origin to judge.
        site: { ownHost: true, ownOrigins: [] },
        inProcess: true,
      },
    };
    const reply = await run(state);
    // A scripted dropped connection answers nothing, as a socket closed without an answer would.
    const rendered = !reply.ok && reply.drop ? { status: 0, headers: {}, body: undefined } : renderReply(state.context, reply);
    const exchange: Exchange = { context: state.context, ...rendered };
    for (const observe of observers) observe(exchange);
    return rendered;
  };
}
