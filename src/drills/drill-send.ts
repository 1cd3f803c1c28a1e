/**
 * Sends one drill request and keeps what came back: the status, the real time it took, and the first 2 KiB of the
 * body (a receiver's error message is what a developer reads first). No answer within the timeout, or no
 * connection, is a value too; redirects are not followed, as the webhooks do not follow them.
 */
import { monotonicMs } from '../platform/clock.ts';
import { describeFailure, type WebhookRequest } from '../webhooks/http-send.ts';

export const BODY_KEPT_BYTES = 2048;

export type DrillAnswer =
  | { status: number; durationMs: number; body: string }
  | { error: string; durationMs: number; timedOut: boolean };

export async function sendDrillRequest({ url, headers, body }: WebhookRequest, timeoutMs: number): Promise<DrillAnswer> {
  const started = monotonicMs();
  const took = () => Math.round(monotonicMs() - started);
  try {
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const kept = await firstBytes(response);
    return { status: response.status, durationMs: took(), body: kept };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { error: describeFailure(error, timeoutMs), durationMs: took(), timedOut };
  }
}

async function firstBytes(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < BODY_KEPT_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  // The rest is not wanted: dropping it frees the connection.
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, BODY_KEPT_BYTES).toString('utf8');
}
