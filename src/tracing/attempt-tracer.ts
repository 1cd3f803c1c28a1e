/** The webhooks' attempt hook (webhooks/webhook-types.ts `traceAttempt`) made of the tracing: one span per attempt. */
import type { TraceHeaders } from '../domain/trace-headers.ts';
import type { Delivery } from '../webhooks/delivery-log.ts';
import type { SendResult } from '../webhooks/http-send.ts';
import type { Tracing } from './tracing-types.ts';

export function attemptTracer(tracing: Tracing) {
  return (parent: TraceHeaders | undefined, delivery: Delivery) => {
    const span = tracing.startDelivery(parent, { deliveryId: delivery.id, type: delivery.type, clientId: delivery.clientId, url: delivery.url, attempt: delivery.attempts.length + 1 });
    return {
      headers: span.headers,
      end: (outcome: SendResult & { durationMs: number }) =>
        span.end({ durationMs: outcome.durationMs, ...('statusCode' in outcome ? { statusCode: outcome.statusCode } : {}), ...('error' in outcome ? { error: outcome.error } : {}) }),
    };
  };
}
