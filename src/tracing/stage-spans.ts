/**
 * The stages that decide an answer, each a child span of the request's when tracing is on: authentication (a
 * refusal's code), the armed outcomes and the network profile (the outcome met), the scenario's rules (a scripted
 * answer), the handler. A stage's span runs from its start to when it passes the request on, or answers. The stages
 * themselves are not changed: the list is wrapped, once, when the app is made.
 */
import { whenAnswered, type Stage } from '../http/stage.ts';
import type { Reply } from '../domain/reply.ts';
import { renderReply } from '../http/send-reply.ts';
import { traceStage } from './trace-stage.ts';
import type { Tracing } from './tracing-types.ts';

export const TRACED_STAGES: ReadonlySet<string> = new Set(['authenticate', 'armed-outcomes', 'network-profile', 'scenario-rules', 'handle']);

/** The API's stages traced: the trace stage first, so every answer (a refusal too) is a span of the trace. */
export function tracedStages(stages: readonly Stage[], tracing: Tracing): Stage[] {
  return [traceStage(tracing), ...stages.map((stage) => (TRACED_STAGES.has(stage.name) ? spanned(stage, tracing) : stage))];
}

function spanned(stage: Stage, tracing: Tracing): Stage {
  return {
    ...stage,
    run(request, next) {
      const span = tracing.startStage(request.context, stage.name);
      if (!span) return stage.run(request, next);
      let passed = false;
      const answer = stage.run(request, (onward) => {
        passed = true;
        span.end({});
        return next(onward);
      });
      return whenAnswered(answer, (reply: Reply) => {
        if (!passed) span.end({ answered: answeredBy(request.context, reply) });
        return reply;
      });
    },
  };
}

/** The answer a stage gave, as a client reads it (the catalogue's status and code for a refusal). */
function answeredBy(context: Parameters<typeof renderReply>[0], reply: Reply): { status: number; error?: string } {
  const { status, body } = renderReply(context, reply);
  const error = (body as { error?: unknown } | undefined)?.error;
  return { status, ...(typeof error === 'string' && { error }) };
}
