/**
 * A forwarded exchange in the forms the judge and the recorder read: the request as a pact request (what the
 * contract checks already take), the response with its body decoded (content encoding undone, JSON parsed).
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { PactRequest } from '../contracts/pact-interaction.ts';
import { mediaType } from '../http/media-types.ts';
import { parseQuery } from '../http/query.ts';
import type { Answer, Outgoing } from './forward.ts';

export interface Exchange {
  request: PactRequest;
  status: number;
  /** Lower-case names, one value each. */
  headers: Record<string, string>;
  /** The response body when it is JSON; undefined when empty or not JSON. */
  body: unknown;
}

export function exchangeOf(outgoing: Outgoing, answer: Answer): Exchange {
  const mark = outgoing.url.indexOf('?');
  const path = mark === -1 ? outgoing.url : outgoing.url.slice(0, mark);
  const requestHeaders = singleValues(outgoing.headers);
  const text = outgoing.body.toString('utf8');
  const request: PactRequest = {
    method: outgoing.method.toUpperCase(),
    path,
    query: mark === -1 ? {} : parseQuery(outgoing.url.slice(mark + 1)),
    headers: requestHeaders,
    ...(text.length > 0 ? { body: { kind: 'text' as const, text, ...(requestHeaders['content-type'] ? { contentType: requestHeaders['content-type'] } : {}) } } : {}),
  };
  const headers = singleValues(answer.headers);
  return { request, status: answer.status, headers, body: jsonBody(answer.body, headers) };
}

function singleValues(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]])),
  );
}

function jsonBody(bytes: Buffer, headers: Record<string, string>): unknown {
  const type = mediaType(headers['content-type']);
  if (bytes.length === 0 || !(type === 'application/json' || type?.endsWith('+json'))) return undefined;
  try {
    return JSON.parse(decoded(bytes, headers['content-encoding']).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function decoded(bytes: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
      return gunzipSync(bytes);
    case 'deflate':
      return inflateSync(bytes);
    case 'br':
      return brotliDecompressSync(bytes);
    default:
      return bytes;
  }
}
