/**
 * One interaction of a pact, whatever its specification version, in the form the check reads: header names in
 * lower case (HTTP header names are case-insensitive), the query as the server parses it, a body either as a
 * value (JSON the pact holds as JSON) or as text to be read by the server's own body reader.
 */
import { mediaType } from '../openapi/media-type.ts';
import { parseQuery } from '../http/query.ts';
import { httpInteractionSchema, v4BodySchema, type HttpInteraction } from './pact-schema.ts';

export type PactBody = { kind: 'value'; value: unknown; contentType?: string } | { kind: 'text'; text: string; contentType?: string };

export interface PactRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: PactBody;
}

export interface PactResponse {
  status: number;
  headers: Record<string, string>;
  body?: PactBody;
}

interface InteractionHead {
  description: string;
  providerStates: string[];
}

export type PactInteraction =
  | (InteractionHead & { kind: 'http'; request: PactRequest; response: PactResponse })
  /** An asynchronous message (a webhook): its content, checked against the document's webhook event schemas. */
  | (InteractionHead & { kind: 'message'; content?: PactBody })
  | (InteractionHead & { kind: 'skipped'; note: string })
  /** Under specification 4 or later an interaction names its type; one that does not cannot be checked. */
  | (InteractionHead & { kind: 'untyped'; note: string });

export const V4_HTTP = 'Synchronous/HTTP';
export const V4_ASYNC_MESSAGE = 'Asynchronous/Messages';

export type InteractionOutcome = { ok: true; interaction: PactInteraction } | { ok: false; reason: string };

/** `raw` is an element of `interactions` (or of a V3 pact's `messages`: `isMessage`). */
export function readInteraction(raw: unknown, specification: number, isMessage = false): InteractionOutcome {
  const head = httpInteractionSchema.pick({ description: true, type: true, providerState: true, providerStates: true }).safeParse(raw);
  if (!head.success) return { ok: false, reason: issueText(head.error.issues) };
  const base = { description: head.data.description, providerStates: providerStates(head.data) };
  const type = head.data.type ?? (isMessage ? V4_ASYNC_MESSAGE : specification >= 4 ? undefined : V4_HTTP);
  if (type === undefined) {
    return { ok: true, interaction: { ...base, kind: 'untyped', note: `no "type" under Pact specification ${specification}: not checked, so not allowed` } };
  }
  if (type === V4_ASYNC_MESSAGE) return readMessage(raw as { contents?: unknown; metadata?: Record<string, unknown> }, base, specification);
  if (type !== V4_HTTP) return { ok: true, interaction: { ...base, kind: 'skipped', note: `${type} interaction, not HTTP: not checked` } };
  const parsed = httpInteractionSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: issueText(parsed.error.issues) };
  const { request, response } = parsed.data;
  const requestHeaders = lowerCaseHeaders(request.headers);
  const responseHeaders = lowerCaseHeaders(response.headers);
  const requestBody = readBody(request.body, 'body' in request, specification, requestHeaders['content-type']);
  const responseBody = readBody(response.body, 'body' in response, specification, responseHeaders['content-type']);
  if (!requestBody.ok) return { ok: false, reason: `request.body: ${requestBody.reason}` };
  if (!responseBody.ok) return { ok: false, reason: `response.body: ${responseBody.reason}` };
  return {
    ok: true,
    interaction: {
      ...base,
      kind: 'http',
      request: {
        method: request.method.toUpperCase(),
        path: request.path,
        query: readQuery(request.query),
        headers: requestHeaders,
        ...(requestBody.body ? { body: requestBody.body } : {}),
      },
      response: { status: response.status, headers: responseHeaders, ...(responseBody.body ? { body: responseBody.body } : {}) },
    },
  };
}

/** A V4 message holds `contents` as a V4 body; a V3 message holds the value itself, its type in `metadata`. */
function readMessage(raw: { contents?: unknown; metadata?: Record<string, unknown> }, base: InteractionHead, specification: number): InteractionOutcome {
  const declared = raw.metadata?.['contentType'] ?? raw.metadata?.['content-type'];
  const contentType = typeof declared === 'string' ? declared : 'application/json';
  const content = readBody(raw.contents, 'contents' in raw, specification, contentType);
  if (!content.ok) return { ok: false, reason: `contents: ${content.reason}` };
  return { ok: true, interaction: { ...base, kind: 'message', ...(content.body ? { content: content.body } : {}) } };
}

function providerStates(head: Pick<HttpInteraction, 'providerState' | 'providerStates'>): string[] {
  if (head.providerStates) return head.providerStates.map((state) => state.name);
  return head.providerState ? [head.providerState] : [];
}

function lowerCaseHeaders(headers: Record<string, string | string[]> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]),
  );
}

/** V2 holds the query as its text; V3 and V4 as a map of lists. A single value is a string, as the server reads it. */
function readQuery(query: HttpInteraction['request']['query']): Record<string, string | string[]> {
  if (query === undefined) return {};
  if (typeof query === 'string') return parseQuery(query);
  return Object.fromEntries(
    Object.entries(query).map(([name, values]) => [name, Array.isArray(values) && values.length === 1 ? (values[0] as string) : values]),
  );
}

type BodyOutcome = { ok: true; body?: PactBody } | { ok: false; reason: string };

function readBody(raw: unknown, present: boolean, specification: number, headerType: string | undefined): BodyOutcome {
  if (!present || raw === undefined) return { ok: true };
  if (specification < 4) {
    // A string is the body's text unless the pact says it is JSON (then it is a JSON string value).
    if (typeof raw === 'string' && !isJson(headerType)) return { ok: true, body: textBody(raw, headerType) };
    return { ok: true, body: { kind: 'value', value: raw, ...(headerType ? { contentType: headerType } : {}) } };
  }
  const parsed = v4BodySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: issueText(parsed.error.issues) };
  const { content, encoded } = parsed.data;
  const contentType = parsed.data.contentType ?? headerType;
  if (content === undefined) return { ok: true };
  const encoding = typeof encoded === 'string' ? encoded.toLowerCase() : undefined;
  if (encoding === 'base64') {
    if (typeof content !== 'string') return { ok: false, reason: 'base64 content is not a string' };
    return { ok: true, body: textBody(Buffer.from(content, 'base64').toString('utf8'), contentType) };
  }
  if (typeof content === 'string' && (encoding === 'json' || !isJson(contentType))) return { ok: true, body: textBody(content, contentType) };
  return { ok: true, body: { kind: 'value', value: content, ...(contentType ? { contentType } : {}) } };
}

function textBody(text: string, contentType: string | undefined): PactBody | undefined {
  return text.length === 0 ? undefined : { kind: 'text', text, ...(contentType ? { contentType } : {}) };
}

function isJson(contentType: string | undefined): boolean {
  const type = mediaType(contentType);
  return type === 'application/json' || (type?.endsWith('+json') ?? false);
}

export function issueText(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  const first = issues[0];
  if (!first) return 'invalid';
  return first.path.length > 0 ? `${first.path.map(String).join('.')}: ${first.message}` : first.message;
}
