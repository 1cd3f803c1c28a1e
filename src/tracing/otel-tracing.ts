/**
 * Tracing with the official OpenTelemetry JS SDK, loaded here and only here, on demand (`import()`), when tracing is
 * on: a tracer provider of the mock's own (never the process's global one), W3C Trace Context in and out, OTLP over
 * HTTP (protobuf or JSON) to the collector. Spans are batched in a bounded queue: a collector that is down or slow
 * never blocks a request nor grows the mock; what cannot be queued is dropped and counted in a warning.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Context, Span, SpanContext, Tracer } from '@opentelemetry/api';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Exchange, RequestContext } from '../domain/caller.ts';
import type { DomainEvent } from '../domain/events.ts';
import type { TraceHeaders } from '../domain/trace-headers.ts';
import { monotonicMs } from '../platform/clock.ts';
import type { TracingSettings } from '../platform/config.ts';
import type { Logger } from '../platform/log.ts';
import type { DeliveryTrace, RequestTrace, Tracing } from './tracing-types.ts';

/** Spans waiting for the collector, at most; more are dropped (and counted). */
export const MAX_QUEUED_SPANS = 2048;
/** How long one export may take before it is given up. */
const EXPORT_TIMEOUT_MS = 5000;
/** The orders and subscriptions whose first trace is remembered, for the links of the changes the clock makes (newest kept). */
const REMEMBERED_RECORDS = 10_000;
/** A warning about dropped spans at most this often. */
const DROP_WARNING_EVERY_MS = 10_000;

export async function startOtelTracing(settings: TracingSettings, logger: Logger, version: string, maxQueued = MAX_QUEUED_SPANS): Promise<Tracing> {
  const api = await import('@opentelemetry/api');
  const sdk = await import('@opentelemetry/sdk-trace-base');
  const { W3CTraceContextPropagator } = await import('@opentelemetry/core');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const url = settings.tracesEndpoint ?? `${settings.endpoint.replace(/\/+$/, '')}/v1/traces`;
  const exporterModule = settings.protocol === 'http/json' ? await import('@opentelemetry/exporter-trace-otlp-http') : await import('@opentelemetry/exporter-trace-otlp-proto');
  const exporter = boundedExport(sdk, new exporterModule.OTLPTraceExporter({ url, timeoutMillis: EXPORT_TIMEOUT_MS }), { logger, url, maxQueued });
  const resource = resourceFromAttributes({ ...resourceAttributesOf(settings.resourceAttributes), 'service.name': settings.serviceName, 'service.version': version });
  const provider = new sdk.BasicTracerProvider({
    resource,
    sampler: samplerOf(settings, sdk),
    spanProcessors: [exporter.processor],
  });
  const tracer: Tracer = provider.getTracer('commerce-mock', version);
  const propagator = new W3CTraceContextPropagator();
  const spans = new WeakMap<RequestContext, Span>();
  const headersOf = (span: Span): TraceHeaders => {
    const carrier: Record<string, string> = {};
    propagator.inject(api.trace.setSpan(api.ROOT_CONTEXT, span), carrier, api.defaultTextMapSetter);
    return { traceparent: carrier['traceparent'] ?? '', ...(carrier['tracestate'] && { tracestate: carrier['tracestate'] }) };
  };
  const parentOf = (headers: Record<string, unknown>): Context => propagator.extract(api.ROOT_CONTEXT, headers, api.defaultTextMapGetter);
  /** Each order's and subscription's first trace (the request that made it), for the links of the changes the clock makes. */
  const recordTraces = new Map<string, SpanContext>();
  const remember = (id: string, context: SpanContext) => {
    if (recordTraces.size >= REMEMBERED_RECORDS) recordTraces.delete(recordTraces.keys().next().value as string);
    recordTraces.set(id, context);
  };
  logger.info(`tracing: spans to ${url} (${settings.protocol}), service ${settings.serviceName}`);

  return {
    startRequest(headers: IncomingHttpHeaders, context: RequestContext): RequestTrace | undefined {
      const span = tracer.startSpan(
        context.method,
        { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': context.method, 'url.path': context.path, 'commerce.request_id': context.requestId } },
        parentOf(headers),
      );
      const { traceId, traceFlags } = span.spanContext();
      // eslint-disable-next-line no-bitwise
      if ((traceFlags & api.TraceFlags.SAMPLED) === 0) return undefined;
      spans.set(context, span);
      return { traceId, headers: headersOf(span) };
    },
    startStage(context: RequestContext, stage: string) {
      const parent = spans.get(context);
      if (!parent) return undefined;
      const span = tracer.startSpan(stage, { kind: api.SpanKind.INTERNAL, attributes: { 'commerce.stage': stage } }, api.trace.setSpan(api.ROOT_CONTEXT, parent));
      return {
        end({ answered }) {
          if (answered) {
            span.setAttribute('http.response.status_code', answered.status);
            if (answered.error !== undefined) span.setAttribute('commerce.error_code', answered.error);
          }
          // What the stage found: an armed outcome met, the scenario the request runs under.
          if (context.armed?.length) span.setAttribute('commerce.outcome', context.armed.join(','));
          if (context.scenario) span.setAttribute('commerce.scenario', context.scenario);
          span.end();
        },
      };
    },
    route(context: RequestContext, route: string) {
      const span = spans.get(context);
      span?.setAttribute('http.route', route);
      span?.updateName(`${context.method} ${route}`);
    },
    endRequest(exchange: Exchange) {
      const span = spans.get(exchange.context);
      if (!span) return;
      spans.delete(exchange.context);
      const { context, status } = exchange;
      const error = (exchange.body as { error?: unknown } | undefined)?.error;
      span.setAttributes({
        'http.response.status_code': status,
        ...(context.operationId && { 'commerce.operation_id': context.operationId }),
        ...(context.world && { 'commerce.client_id': context.world.clientId }),
        ...(context.armed?.length && { 'commerce.outcome': context.armed.join(',') }),
        ...(context.scenario && { 'commerce.scenario': context.scenario }),
        ...(typeof error === 'string' && { 'commerce.error_code': error }),
        ...orderIdOf(exchange.body),
        ...(exchange.network && { 'commerce.network': exchange.network.fate }),
      });
      if (status >= 500 || status === 0) span.setStatus({ code: api.SpanStatusCode.ERROR, ...(typeof error === 'string' && { message: error }) });
      span.end();
    },
    startDelivery(parent, about): DeliveryTrace {
      const span = tracer.startSpan(
        `webhook ${about.type}`,
        {
          kind: api.SpanKind.CLIENT,
          attributes: {
            'http.request.method': 'POST',
            'url.full': about.url,
            'commerce.client_id': about.clientId,
            'commerce.delivery_id': about.deliveryId,
            'commerce.webhook_type': about.type,
            'commerce.attempt': about.attempt,
          },
        },
        parent === undefined ? api.ROOT_CONTEXT : parentOf({ ...parent }),
      );
      return {
        headers: headersOf(span),
        end(outcome) {
          if (outcome.statusCode !== undefined) span.setAttribute('http.response.status_code', outcome.statusCode);
          if (outcome.error !== undefined) span.setAttribute('error.type', outcome.error);
          const ok = outcome.statusCode !== undefined && outcome.statusCode >= 200 && outcome.statusCode < 300;
          if (!ok) span.setStatus({ code: api.SpanStatusCode.ERROR, ...(outcome.error !== undefined && { message: outcome.error }) });
          span.end();
        },
      };
    },
    startChange(parent, events) {
      const within = parent === undefined ? api.ROOT_CONTEXT : parentOf({ ...parent });
      // The orders and subscriptions it moves: a change the clock made links to the trace each was made in.
      const recordIds = [...new Set(events.flatMap(recordIdsOf))];
      const links = parent === undefined ? recordIds.flatMap((id) => (recordTraces.has(id) ? [{ context: recordTraces.get(id) as SpanContext }] : [])) : [];
      const span = tracer.startSpan(
        'store.commit',
        { kind: api.SpanKind.INTERNAL, links, attributes: { 'commerce.events': events.map((event) => event.type).join(','), ...(events[0] && { 'commerce.client_id': events[0].clientId }) } },
        within,
      );
      const inside = api.trace.setSpan(within, span);
      for (const event of events) {
        if ((event.type === 'order.created' || event.type === 'subscription.created') && parent !== undefined) for (const id of recordIdsOf(event)) remember(id, span.spanContext());
        const moved = statusChangeOf(event);
        if (moved) tracer.startSpan(moved.name, { kind: api.SpanKind.INTERNAL, attributes: moved.attributes }, inside).end();
      }
      let ended = false;
      return {
        end(failed = false) {
          if (ended) return;
          ended = true;
          if (failed) span.setStatus({ code: api.SpanStatusCode.ERROR, message: 'the change was taken back' });
          span.end();
        },
      };
    },
    async shutdown(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const given = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([provider.shutdown().catch(() => undefined), given]);
      clearTimeout(timer);
      exporter.report();
    },
  };
}

function samplerOf(settings: TracingSettings, sdk: typeof import('@opentelemetry/sdk-trace-base')) {
  const ratio = new sdk.TraceIdRatioBasedSampler(settings.samplerArg ?? 1);
  switch (settings.sampler) {
    case 'always_on':
      return new sdk.AlwaysOnSampler();
    case 'always_off':
      return new sdk.AlwaysOffSampler();
    case 'traceidratio':
      return ratio;
    case 'parentbased_always_off':
      return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new sdk.ParentBasedSampler({ root: ratio });
    default:
      return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() });
  }
}

/** `key=value,key2=value2` (values percent-encoded, as the specification says) as attributes. */
export function resourceAttributesOf(text: string | undefined): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const key = pair.slice(0, at).trim();
    try {
      attributes[key] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      attributes[key] = pair.slice(at + 1).trim();
    }
  }
  return attributes;
}

/** The order and subscription an event is about. */
function recordIdsOf(event: DomainEvent): string[] {
  const ids: string[] = [];
  if ('orderId' in event && event.orderId) ids.push(event.orderId);
  if ('subscriptionId' in event && event.subscriptionId) ids.push(event.subscriptionId);
  return ids;
}

/** A status change as a span: `order PAID` with the order, its status and what moved it; undefined for other events. */
function statusChangeOf(event: DomainEvent): { name: string; attributes: Record<string, string> } | undefined {
  if (!('status' in event) || event.type.endsWith('.created')) return undefined;
  const kind = event.type.split('.')[0] ?? 'record';
  const attributes: Record<string, string> = { 'commerce.status': event.status, 'commerce.event': event.type };
  if ('orderId' in event && event.orderId) attributes['commerce.order_id'] = event.orderId;
  if ('subscriptionId' in event && event.subscriptionId) attributes['commerce.subscription_id'] = event.subscriptionId;
  if ('trigger' in event && event.trigger) attributes['commerce.cause'] = event.trigger.by;
  if ('armed' in event && event.armed) attributes['commerce.outcome'] = event.armed;
  if ('failureReason' in event && event.failureReason) attributes['commerce.failure_reason'] = event.failureReason.code;
  return { name: `${kind} ${event.status}`, attributes };
}

/** `commerce.order_id` of an answer about an order. */
function orderIdOf(body: unknown): Record<string, string> {
  const data = (body as { data?: { orderId?: unknown; id?: unknown } } | undefined)?.data;
  const id = typeof data?.orderId === 'string' ? data.orderId : typeof data?.id === 'string' && data.id.startsWith('ord_') ? data.id : undefined;
  return id ? { 'commerce.order_id': id } : {};
}

/**
 * The batch processor behind a queue of its own, bounded at `MAX_QUEUED_SPANS` spans waiting for the collector or
 * on their way to it: a span past that is dropped here, and counted (the SDK's own queue drops silently). What the
 * collector refuses or never takes is counted too; both are said once every ten seconds at most, never once per span.
 */
function boundedExport(
  sdk: typeof import('@opentelemetry/sdk-trace-base'),
  inner: SpanExporter,
  { logger, url, maxQueued }: { logger: Logger; url: string; maxQueued: number },
): { processor: SpanProcessor; report(): void } {
  let queued = 0;
  let dropped = 0;
  let lost = 0;
  let warnedMs = -Infinity;
  const report = () => {
    if (dropped === 0 && lost === 0) return;
    const parts = [dropped > 0 && `${dropped} span(s) dropped (the queue of ${maxQueued} was full)`, lost > 0 && `${lost} not delivered`].filter(Boolean);
    logger.warn(`tracing: ${parts.join(', ')} to ${url} (the collector is down, slow or refusing)`);
    dropped = 0;
    lost = 0;
    warnedMs = monotonicMs();
  };
  const reportNowAndThen = () => {
    if (monotonicMs() - warnedMs >= DROP_WARNING_EVERY_MS) report();
  };
  const exporter: SpanExporter = {
    export(spans, done) {
      inner.export(spans, (result) => {
        queued -= spans.length;
        if (result.code !== 0) {
          lost += spans.length;
          reportNowAndThen();
        }
        done(result);
      });
    },
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
  const batch = new sdk.BatchSpanProcessor(exporter, { maxQueueSize: maxQueued, maxExportBatchSize: Math.min(512, maxQueued), scheduledDelayMillis: 1000, exportTimeoutMillis: EXPORT_TIMEOUT_MS });
  const processor: SpanProcessor = {
    onStart: (span, context) => batch.onStart(span, context),
    onEnd(span) {
      // A span recorded but not sampled is never exported: the batch lets it go, it takes no place in the queue.
      // eslint-disable-next-line no-bitwise
      if ((span.spanContext().traceFlags & 1) === 0) return batch.onEnd(span);
      if (queued >= maxQueued) {
        dropped += 1;
        return reportNowAndThen();
      }
      queued += 1;
      batch.onEnd(span);
    },
    forceFlush: () => batch.forceFlush(),
    shutdown: () => batch.shutdown(),
  };
  return { processor, report };
}
