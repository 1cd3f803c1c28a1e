/**
 * Tracing as the mock's parts see it (the OpenTelemetry SDK stays behind otel-tracing.ts, loaded only when tracing
 * is on): a server span per API request, child of the shop's `traceparent`; a span per webhook attempt, child of the
 * request that caused it, whose `traceparent` the receiver gets.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Exchange, RequestContext } from '../domain/caller.ts';

/** The ids of a request's span, as the stage hands them on. */
export interface RequestTrace {
  traceId: string;
  /** W3C `traceparent` of the request's span: what a change it makes hands its webhooks. */
  traceparent: string;
}

export interface DeliveryTrace {
  /** W3C `traceparent` of the attempt's span, sent to the receiver. */
  traceparent: string;
  end(outcome: { statusCode?: number; error?: string; durationMs: number }): void;
}

export interface Tracing {
  /** Starts the request's server span (a child of its `traceparent`, if it sent one); undefined when not sampled. */
  startRequest(headers: IncomingHttpHeaders, context: RequestContext): RequestTrace | undefined;
  /** Ends the request's span with what it answered (an observer of the exchange). */
  endRequest(exchange: Exchange): void;
  /** A span for one webhook attempt, child of the request that caused the delivery (`parent`), else a trace of its own. */
  startDelivery(parent: string | undefined, about: { deliveryId: string; type: string; clientId: string; url: string; attempt: number }): DeliveryTrace;
  /** Sends what is queued (at most `timeoutMs`) and stops: a collector that never answers never holds the mock's stop. */
  shutdown(timeoutMs: number): Promise<void>;
}
