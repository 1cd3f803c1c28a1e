/**
 * The first stage when tracing is on: the request's server span starts here (a child of the shop's `traceparent`),
 * its trace id goes to the journal and the story (`context.traceId`), its `traceparent` to the change the request
 * makes (so its webhooks join the trace), and the answer gains a `traceresponse` header (W3C Trace Context Level 2)
 * naming the span. The span ends when the answer is written (`Tracing.endRequest`, an observer).
 */
import { whenAnswered, type Stage } from '../http/stage.ts';
import type { Tracing } from './tracing-types.ts';

export const TRACE_RESPONSE_HEADER = 'traceresponse';

export function traceStage(tracing: Tracing): Stage {
  return {
    name: 'trace',
    run(request, next) {
      const trace = tracing.startRequest(request.incoming.headers, request.context);
      if (!trace) return next(request);
      request.context.traceId = trace.traceId;
      request.change = { ...request.change, trace: trace.headers };
      return whenAnswered(next(request), (reply) => {
        // The route as the document names it, once the request was routed (the API's paths are under /v1).
        if (request.operation) tracing.route(request.context, `/v1${request.operation.path}`);
        request.context.replyHeaders = { ...request.context.replyHeaders, [TRACE_RESPONSE_HEADER]: trace.headers.traceparent };
        return reply;
      });
    },
  };
}
