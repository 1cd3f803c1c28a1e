/**
 * Webhook signatures, in Stripe's scheme: `X-Mock-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw
 * body>">`, keyed with the client's secret. The timestamp is part of the signed content, so a captured request
 * cannot be replayed later under a fresh timestamp; a receiver refuses timestamps too far from its own clock.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Mock-Signature';

const SCHEME = 'v1';

function hmacHex(rawBody: string | Uint8Array, secret: string, timestampSeconds: number): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
}

/** The value of `X-Mock-Signature` for this body, signed at this instant with each secret (a rotation sends two). */
export function signatureHeader(rawBody: string | Uint8Array, secrets: string | readonly string[], timestampSeconds: number): string {
  const signatures = (typeof secrets === 'string' ? [secrets] : secrets).map((secret) => `${SCHEME}=${hmacHex(rawBody, secret, timestampSeconds)}`);
  return [`t=${timestampSeconds}`, ...signatures].join(',');
}

/**
 * Whether `header` signs `rawBody` (the bytes as received, before any JSON parsing) with `secret`, at a time
 * within `toleranceSeconds` of `nowSeconds`. Any of several `v1=` values may match (room for a secret rotation).
 */
export function verifySignature(
  rawBody: string | Uint8Array,
  header: string | undefined,
  secret: string,
  toleranceSeconds: number,
  nowSeconds: number,
): boolean {
  if (!header) return false;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2) as [string, string?];
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === SCHEME && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(rawBody, secret, timestamp), 'hex');
  return signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
}
