/**
 * Reads and parses a request body: at most 1 MiB (413 beyond), JSON or form-encoded (OAuth clients send
 * the latter to the token endpoint). Malformed JSON is a 400, never an exception.
 */
import express, { type Request, type Response } from 'express';
import { failure, type Failure } from './errors.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

const readRaw = express.raw({ type: () => true, limit: BODY_LIMIT_BYTES });

export type BodyOutcome = { ok: true; body: unknown } | Failure;

/** Methods whose operations take no body: whatever is sent is drained and ignored, never a 400 or 413. */
const BODILESS = new Set(['GET', 'HEAD']);

export async function readBody(req: Request, res: Response): Promise<BodyOutcome> {
  if (BODILESS.has(req.method)) {
    req.resume();
    return { ok: true, body: undefined };
  }
  const error = await new Promise<unknown>((resolve) => {
    readRaw(req, res, (err?: unknown) => resolve(err));
  });
  if (error) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') return failure('body_too_large');
    return failure('invalid_request', { message: 'Corpo do pedido ilegível' });
  }
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (raw.length === 0) return { ok: true, body: undefined };
  return parseBody(raw.toString('utf8'), req.headers['content-type']);
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
