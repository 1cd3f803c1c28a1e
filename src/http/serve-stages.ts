/**
 * node:http ⇄ stages: builds the request state from the socket (IncomingMessage, ServerResponse), runs the stage
 * list, writes the reply. Whatever throws, in a stage or while writing, is logged and answered as the JSON 500
 * `erro_interno`. The API is served this way straight from the server's listener (../server/app-listener.ts); an Express
 * application mounts the same stages through `expressStages`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { ExchangeObserver, RequestContext } from '../domain/caller.ts';
import { failure } from '../errors/failures.ts';
import type { Policy } from '../domain/policy.ts';
import type { Reply } from '../domain/reply.ts';
import type { AppDeps } from '../deps/deps.ts';
import type { Logger } from '../platform/log.ts';
import { requestContext, targetOf, type RequestTarget } from './request-context.ts';
import { lazyBody } from './request-body.ts';
import { siteOf } from './request-site.ts';
import { ownHost } from './base-url.ts';
import { sendReply } from './send-reply.ts';
import { runLocated, type Locate } from './routing.ts';
import { checkedStages, stageChain, type Answer, type RequestState, type Stage } from './stage.ts';

export interface ServeOptions {
  deps: Pick<AppDeps, 'config' | 'clock' | 'random'>;
  logger: Logger;
  observers: readonly ExchangeObserver[];
  /** The policy a request starts under, before a scenario stage narrows it. */
  basePolicy: () => Policy;
  /** Largest body read (default: the API's 1 MiB). */
  bodyLimitBytes?: number;
  /** Where a request goes (see routing.ts); a path outside the list's mount is answered 404 without a stage. */
  locate: Locate;
}

/**
 * Serves one request through the stages, from node:http's own objects: `target` is where it goes (by default its
 * `req.url`). Answers in the turn the request came in when no stage waited, and returns a promise only when one did.
 * Whatever a stage or the writing throws is answered, or the socket closed when an answer was already begun.
 */
export type StageListener = (req: IncomingMessage, res: ServerResponse, target?: RequestTarget) => void | Promise<void>;

/**
 * Runs the list for one request state: the reply, or its promise when a stage waited (stage.ts, `Answer`). Whatever
 * throws, at once or later, is logged and becomes the 500 `erro_interno`: this never throws nor rejects.
 */
export function stageRunner(list: readonly Stage[], options: Pick<ServeOptions, 'logger' | 'locate'>) {
  const chain = stageChain(checkedStages(list), () => failure('not_found'));
  const failed = (state: RequestState, error: unknown): Reply => {
    logFailure(options.logger, state.context, error);
    return failure('internal');
  };
  return (state: RequestState): Answer => {
    try {
      const answer = runLocated(chain, state, options.locate);
      return answer instanceof Promise ? answer.catch((error: unknown) => failed(state, error)) : answer;
    } catch (error) {
      return failed(state, error);
    }
  };
}

function logFailure(logger: Logger, context: RequestContext, error: unknown): void {
  logger.error(`${context.method} ${context.path} (${context.requestId}): ${String((error as Error)?.stack ?? error)}`);
}

export function serveStages(list: readonly Stage[], options: ServeOptions): StageListener {
  const run = stageRunner(list, options);
  const { deps, logger, observers, basePolicy } = options;
  const answer = (req: IncomingMessage, res: ServerResponse, state: RequestState, reply: Reply): void => {
    // The body as the body stage parsed it: never read here, so a request refused before it stays unread.
    const request = state.body === undefined ? { headers: req.headers } : { headers: req.headers, body: state.body };
    try {
      sendReply(res, state.context, reply, observers, request);
    } catch (error) {
      logFailure(logger, state.context, error);
      try {
        if (!res.headersSent) sendReply(res, state.context, failure('internal'), observers, request);
      } catch (again) {
        logFailure(logger, state.context, again);
        res.socket?.destroy();
      }
    }
  };
  return (req, res, target = targetOf(req.url ?? '/')) => {
    const host = ownHost(req, deps.config);
    const state: RequestState = {
      context: requestContext(req, target, deps, basePolicy(), host),
      incoming: {
        headers: req.headers,
        rawQuery: target.query,
        readBody: lazyBody(req, res, options.bodyLimitBytes),
        site: siteOf(req, deps.config, host),
      },
    };
    const reply = run(state);
    if (reply instanceof Promise) return reply.then((settled) => answer(req, res, state, settled));
    answer(req, res, state, reply);
    return undefined;
  };
}

/**
 * The same stages as an Express handler, for a list mounted in an Express application (the admin API, and the API
 * when `app.express` serves it): the path as Express gives it under its mount, the query of the URL as sent.
 */
export function expressStages(serve: StageListener): RequestHandler {
  return (req: Request, res: Response) => serve(req, res, { path: req.baseUrl + req.path, query: targetOf(req.originalUrl).query });
}
