/**
 * Tracing as the mock's parts see it (the OpenTelemetry SDK stays behind otel-tracing.ts, loaded only when tracing
 * is on): a server span per API request, child of the shop's `traceparent`; a span per webhook attempt, child of the
 * request that caused it, whose `traceparent` the receiver gets.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Exchange, RequestContext } from '../domain/caller.ts';
import type { DomainEvent } from '../domain/events.ts';
import type { TraceHeaders } from '../domain/trace-headers.ts';

/** The ids of a request's span, as the stage hands them on. */
export interface RequestTrace {
  traceId: string;
  /** The request's span as W3C Trace Context headers: what a change it makes hands its webhooks. */
  headers: TraceHeaders;
}

export interface DeliveryTrace {
  /** The attempt's span as W3C Trace Context headers, sent to the receiver. */
  headers: TraceHeaders;
  end(outcome: { statusCode?: number; error?: string; durationMs: number }): void;
}

export interface Tracing {
  /** Starts the request's server span (a child of its `traceparent`, if it sent one); undefined when not sampled. */
  startRequest(headers: IncomingHttpHeaders, context: RequestContext): RequestTrace | undefined;
  /**
   * A child span of the request's span for one stage that decides an answer (authentication, an armed outcome, a
   * scenario rule, the handler): from when the stage starts to when it passes the request on or answers.
   */
  startStage(context: RequestContext, stage: string): { end(outcome: { answered?: { status: number; error?: string } }): void } | undefined;
  /** Names the request's span after its route once routed (`/v1/orders/{order_id}`): `http.route`, and the span's name. */
  route(context: RequestContext, route: string): void;
  /** Ends the request's span with what it answered (an observer of the exchange). */
  endRequest(exchange: Exchange): void;
  /** A span for one webhook attempt, child of the request that caused the delivery (`parent`), else a trace of its own. */
  startDelivery(parent: TraceHeaders | undefined, about: { deliveryId: string; type: string; clientId: string; url: string; attempt: number }): DeliveryTrace;
  /**
   * A change being made durable (`store.commit`), a child of the request that made it (`parent`), else (a change the
   * clock made) a trace of its own linked to the traces of the orders it moves; inside it, one span per status change
   * with its cause. Ended once durable, or taken back (`failed`).
   */
  startChange(parent: TraceHeaders | undefined, events: readonly DomainEvent[]): { end(failed?: boolean): void };
  /** Sends what is queued (at most `timeoutMs`) and stops: a collector that never answers never holds the mock's stop. */
  shutdown(timeoutMs: number): Promise<void>;
}
