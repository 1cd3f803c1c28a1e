/**
 * A forwarded exchange in the forms the judge and the recorder read: the request as a pact request (what the
 * contract checks already take), the response with its body decoded (content encoding undone, JSON parsed). A body
 * that says it is JSON and is not (an HTML page, a broken gzip) is a `bodyProblem`; one that decodes to more than
 * the judged limit (a compression bomb) is left unjudged.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { PactRequest } from '../conformance/pact-interaction.ts';
import { mediaType } from '../openapi/media-type.ts';
import { parseQuery } from '../http/query.ts';
import type { Answer, Outgoing } from './forward.ts';

export interface Exchange {
  request: PactRequest;
  status: number;
  /** Lower-case names, one value each. */
  headers: Record<string, string>;
  /** The response body when it is JSON; undefined when empty or not JSON. */
  body: unknown;
  /** Why a body that says it is JSON could not be read as JSON. */
  bodyProblem?: string;
  /** The body decoded to more than the judged limit: it is not judged. */
  tooLargeToJudge?: true;
}

/** `limit`: the most bytes a body is decoded to (`--max-judged-bytes`). */
export function exchangeOf(outgoing: Outgoing, answer: Answer, limit: number): Exchange {
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
  return { request, status: answer.status, headers, ...jsonBody(answer.body, headers, limit) };
}

function singleValues(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]])),
  );
}

type ReadBody = { body: unknown; bodyProblem?: string; tooLargeToJudge?: true };

function jsonBody(bytes: Buffer, headers: Record<string, string>, limit: number): ReadBody {
  const type = mediaType(headers['content-type']);
  if (!(type === 'application/json' || type?.endsWith('+json'))) return { body: undefined };
  if (bytes.length === 0) return { body: undefined, bodyProblem: `an empty body labelled ${type}` };
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  let text: string;
  try {
    text = decoded(bytes, encoding, limit).toString('utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { body: undefined, tooLargeToJudge: true };
    return { body: undefined, bodyProblem: `a body that is not valid ${encoding ?? ''} (its Content-Encoding)` };
  }
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return { body: undefined, bodyProblem: `a body labelled ${type} that is not JSON` };
  }
}

function decoded(bytes: Buffer, encoding: string | undefined, limit: number): Buffer {
  const options = { maxOutputLength: limit };
  switch (encoding) {
    case 'gzip':
      return gunzipSync(bytes, options);
    case 'deflate':
      return inflateSync(bytes, options);
    case 'br':
      return brotliDecompressSync(bytes, options);
    default:
      return bytes;
  }
}
