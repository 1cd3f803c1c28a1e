/**
 * Bodies on their way through the proxy, in bounded memory: what passes through streams, and only the first
 * `limit` bytes are kept (to be judged, recorded, or sent again to the fallback). A body longer than that is
 * forwarded whole all the same; it is just not kept.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HOP_BY_HOP } from './forward.ts';

export type ReadStart = { whole: true; body: Buffer } | { whole: false; start: Buffer; rest: Readable };

/** Reads a request body up to `limit` bytes: the whole of it, or its start and the stream still holding the rest. */
export function readUpTo(stream: Readable, limit: number): Promise<ReadStart> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= limit) return;
      stream.pause();
      stream.off('data', onData).off('end', onEnd).off('error', reject).off('close', onClose);
      resolve({ whole: false, start: Buffer.concat(chunks), rest: stream });
    };
    const onEnd = () => resolve({ whole: true, body: Buffer.concat(chunks) });
    // A client that breaks off its upload: there is nothing to forward (a settled promise ignores this after 'end').
    const onClose = () => reject(new Error('the client broke off its request'));
    stream.on('data', onData).once('end', onEnd).once('error', reject).once('close', onClose);
  });
}

/** `whole: false` when the answer was longer than the limit (its start is not kept either). */
export type Relayed = { ok: true; whole: true; body: Buffer } | { ok: true; whole: false } | { ok: false };

/**
 * Streams an upstream's answer to the client as it comes (status, headers but the hop-by-hop ones, bytes), keeping
 * a copy of its first `limit` bytes. `ok: false` when either side broke off: the client's answer is then cut.
 */
export async function relay(answer: IncomingMessage, res: ServerResponse, limit: number): Promise<Relayed> {
  const headers: string[] = [];
  for (let index = 0; index + 1 < answer.rawHeaders.length; index += 2) {
    const name = answer.rawHeaders[index] ?? '';
    if (!HOP_BY_HOP.has(name.toLowerCase())) headers.push(name, answer.rawHeaders[index + 1] ?? '');
  }
  res.writeHead(answer.statusCode ?? 502, headers);
  let kept: Buffer[] | undefined = [];
  let size = 0;
  answer.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) kept = undefined;
    else kept?.push(chunk);
  });
  try {
    await pipeline(answer, res);
  } catch {
    return { ok: false };
  }
  return kept ? { ok: true, whole: true, body: Buffer.concat(kept) } : { ok: true, whole: false };
}
