/**
 * The one body reader of the mock (API and admin): at most 1 MiB (413 beyond), JSON or form-encoded (OAuth
 * clients send the latter to the token endpoint). Malformed JSON is a 400, never an exception.
 */
import express, { type Request, type Response } from 'express';
import { failure, type Failure } from '../core/failures.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

const rawReaders = new Map<number, ReturnType<typeof express.raw>>();

function rawReader(limitBytes: number): ReturnType<typeof express.raw> {
  let reader = rawReaders.get(limitBytes);
  if (!reader) rawReaders.set(limitBytes, (reader = express.raw({ type: () => true, limit: limitBytes })));
  return reader;
}

export type BodyOutcome = { ok: true; body: unknown } | Failure;

/** Methods whose operations take no body: whatever is sent is drained and ignored, never a 400 or 413. */
const BODILESS = new Set(['GET', 'HEAD']);

/** `limitBytes`: the API takes up to 1 MiB; the admin API, whose bodies are a few fields, less. */
export async function readBody(req: Request, res: Response, limitBytes = BODY_LIMIT_BYTES): Promise<BodyOutcome> {
  if (BODILESS.has(req.method)) {
    req.resume();
    return { ok: true, body: undefined };
  }
  const error = await new Promise<unknown>((resolve) => {
    rawReader(limitBytes)(req, res, (err?: unknown) => resolve(err));
  });
  if (error) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') {
      return limitBytes === BODY_LIMIT_BYTES
        ? failure('body_too_large')
        : failure('body_too_large', { message: `Corpo do pedido excede o limite de ${limitBytes / 1024} KiB` });
    }
    return failure('invalid_request', { message: 'Corpo do pedido ilegível' });
  }
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (raw.length === 0) return { ok: true, body: undefined };
  return parseBody(raw.toString('utf8'), req.headers['content-type']);
}

/** The body is read on first use only, so a request refused earlier (404, 405, 429) is never read. */
export function lazyBody(req: Request, res: Response): () => Promise<BodyOutcome> {
  let reading: Promise<BodyOutcome> | undefined;
  return () => (reading ??= readBody(req, res));
}

function parseBody(text: string, contentType: string | undefined): BodyOutcome {
  const mediaType = (contentType ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'application/x-www-form-urlencoded') {
    return { ok: true, body: Object.fromEntries(new URLSearchParams(text)) };
  }
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    try {
      return { ok: true, body: JSON.parse(text) as unknown };
    } catch {
      return failure('malformed_json');
    }
  }
  return failure('invalid_request', { message: `Content-Type não suportado: ${mediaType}` });
}
