/**
 * Express ⇄ stages: builds the request state from the socket, runs the stage list, writes the reply. Whatever
 * throws, in a stage or while writing, is logged and answered as the JSON 500 `erro_interno`.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { ExchangeObserver, RequestContext } from '../handling/request-context-types.ts';
import { failure } from '../errors/failures.ts';
import type { Policy } from '../domain/policy.ts';
import type { Reply } from '../handling/reply.ts';
import type { FlowDeps } from '../platform/deps.ts';
import type { Logger } from '../platform/log.ts';
import { requestContext } from './request-context.ts';
import { lazyBody } from './request-body.ts';
import { siteOf } from './request-site.ts';
import { sendReply } from './send-reply.ts';
import { runLocated, type Locate } from './routing.ts';
import { checkedStages, type RequestState, type Stage } from './stage.ts';

export interface ServeOptions {
  deps: Pick<FlowDeps, 'config' | 'clock' | 'random'>;
  logger: Logger;
  observers: readonly ExchangeObserver[];
  /** The policy a request starts under, before a scenario stage narrows it. */
  basePolicy: () => Policy;
  /** Largest body read (default: the API's 1 MiB). */
  bodyLimitBytes?: number;
  /** Where a request goes (see routing.ts); a path outside the list's mount is answered 404 without a stage. */
  locate: Locate;
}

export function serveStages(list: readonly Stage[], options: ServeOptions): RequestHandler {
  const stages = checkedStages(list);
  const { deps, logger, observers, basePolicy } = options;
  const logFailure = (context: RequestContext, error: unknown) =>
    logger.error(`${context.method} ${context.path} (${context.requestId}): ${String((error as Error)?.stack ?? error)}`);
  return async (req: Request, res: Response) => {
    const url = req.originalUrl;
    const state: RequestState = {
      context: requestContext(req, deps, basePolicy()),
      incoming: {
        headers: req.headers,
        rawQuery: url.includes('?') ? url.slice(url.indexOf('?') + 1) : '',
        readBody: lazyBody(req, res, options.bodyLimitBytes),
        site: siteOf(req, deps.config),
      },
    };
    let reply: Reply;
    try {
      reply = await runLocated(stages, state, options.locate);
    } catch (error) {
      logFailure(state.context, error);
      reply = failure('internal');
    }
    try {
      sendReply(res, state.context, reply, observers);
    } catch (error) {
      logFailure(state.context, error);
      if (!res.headersSent) sendReply(res, state.context, failure('internal'), observers);
    }
  };
}
