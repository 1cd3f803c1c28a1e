/**
 * An OTLP/HTTP receiver on 127.0.0.1 (port 0, bound by itself): it takes `POST /v1/traces` in the protocol's JSON
 * encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json) and keeps every span with its resource's attributes, or, as a
 * collector that is down or stuck, never answers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type AnyValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean | undefined>;
  links: Array<{ traceId: string; spanId: string }>;
  resource: Record<string, string | number | boolean | undefined>;
}

export interface OtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  /** Requests it took (answered or not). */
  posts: number;
  close(): Promise<void>;
}

export async function startOtlpReceiver(options: { answers: boolean } = { answers: true }): Promise<OtlpReceiver> {
  const held: ServerResponse[] = [];
  const receiver: OtlpReceiver = { url: '', spans: [], posts: 0, close: async () => undefined };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      receiver.posts += 1;
      if (!options.answers) return void held.push(res);
      if (req.url === '/v1/traces') receiver.spans.push(...spansOf(JSON.parse(body) as ExportRequest));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

interface ExportRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{ spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: KeyValue[]; links?: Array<{ traceId: string; spanId: string }> }> }>;
  }>;
}

function spansOf(request: ExportRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
        links: (span.links ?? []).map((link) => ({ traceId: link.traceId, spanId: link.spanId })),
        resource,
      })),
    );
  });
}

function attributesOf(list: KeyValue[] | undefined): Record<string, string | number | boolean | undefined> {
  return Object.fromEntries(
    (list ?? []).map(({ key, value }) => [key, value.stringValue ?? (value.intValue === undefined ? undefined : Number(value.intValue)) ?? value.boolValue ?? value.doubleValue]),
  );
}
