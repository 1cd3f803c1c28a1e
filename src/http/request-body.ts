/**
 * The one body reader of the mock (API and admin): at most 1 MiB (413 beyond), JSON or form-encoded (which of
 * them an operation takes is judged before, by media-types.ts). Malformed JSON is a 400, never an exception. A body over the
 * limit is refused as soon as that is known (its declared length, or the byte that crosses the limit): the rest
 * is never kept, and the connection closes after the answer, once the client has sent it (bounded: linger.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { failure, type Failure } from '../errors/failures.ts';
import type { Operation } from '../openapi/openapi-router.ts';
import { mediaType } from '../openapi/media-type.ts';
import { lingerAfterAnswer } from './linger.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The operation's own body limit (`x-max-body-bytes`), if the document gives it one; the pact check reads it too. */
export function ownBodyLimit(operation: Operation | undefined): number | undefined {
  const own = (operation as { 'x-max-body-bytes'?: unknown } | undefined)?.['x-max-body-bytes'];
  return typeof own === 'number' ? own : undefined;
}

export type BodyOutcome = { ok: true; body: unknown } | Failure;

/** Methods whose operations take no body: whatever is sent is drained and ignored, never a 400 or 413. */
export const BODILESS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** `limitBytes`: the API takes up to 1 MiB; the admin API, whose bodies are a few fields, less. */
export async function readBody(req: IncomingMessage, res: ServerResponse, limitBytes = BODY_LIMIT_BYTES): Promise<BodyOutcome> {
  if (BODILESS.has(req.method ?? '')) return drained(req);
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding !== 'identity') return failure('unsupported_encoding', { encoding });
  if (Number(req.headers['content-length'] ?? 0) > limitBytes) return tooLarge(req, res, limitBytes);
  const raw = await collect(req, limitBytes);
  if (raw === 'too large') return tooLarge(req, res, limitBytes);
  if (raw === 'broken') return failure('unreadable_body');
  if (raw.length === 0) return { ok: true, body: undefined };
  return parseBody(raw.toString('utf8'), req.headers['content-type']);
}

/** A GET's or a HEAD's body: whatever was sent is drained and ignored. */
function drained(req: IncomingMessage): BodyOutcome {
  req.resume();
  return { ok: true, body: undefined };
}

/**
 * The body is read on first use only, so a request refused earlier (404, 405, 429) is never read. A GET's or a
 * HEAD's outcome is known at once and handed back as it is, not as a promise: most requests are reads, and their
 * stages then go on without waiting a turn.
 */
export function lazyBody(req: IncomingMessage, res: ServerResponse, defaultLimitBytes = BODY_LIMIT_BYTES): (limitBytes?: number) => BodyOutcome | Promise<BodyOutcome> {
  let reading: BodyOutcome | Promise<BodyOutcome> | undefined;
  return (limitBytes) => (reading ??= BODILESS.has(req.method ?? '') ? drained(req) : readBody(req, res, limitBytes ?? defaultLimitBytes));
}

function collect(req: IncomingMessage, limitBytes: number): Promise<Buffer | 'too large' | 'broken'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: Buffer | 'too large' | 'broken') => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) return finish('too large');
      chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    const onError = () => finish('broken');
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/**
 * Nothing more of the body is kept, and the connection closes after the answer: once the client has sent the rest
 * (read and discarded, bounded, so the client can read the answer; linger.ts).
 */
function tooLarge(req: IncomingMessage, res: ServerResponse, limitBytes: number): Failure {
  res.setHeader('Connection', 'close');
  lingerAfterAnswer(req, res);
  return limitBytes === BODY_LIMIT_BYTES
    ? failure('body_too_large')
    : failure('body_over_limit', { kib: limitBytes / 1024 });
}

/** A body's text as the server reads it (the pact check reads a contract's text bodies with it too). */
export function parseBody(text: string, contentType: string | undefined): BodyOutcome {
  const type = mediaType(contentType) ?? 'application/json';
  if (type === 'application/x-www-form-urlencoded') {
    return { ok: true, body: Object.fromEntries(new URLSearchParams(text)) };
  }
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      return { ok: true, body: JSON.parse(text) as unknown };
    } catch {
      return failure('malformed_json');
    }
  }
  return failure('unsupported_content_type', { type: type.slice(0, 100) });
}
