/**
 * Standard Webhooks signatures (standardwebhooks.com): `webhook-id` (the event id, the same on every retry),
 * `webhook-timestamp` (unix seconds, real time of sending: webhook-request.ts), `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<raw body>">`, keyed with the bytes of a `whsec_` secret. Several signatures are separated by
 * spaces: during a secret rotation the old and the new one are both sent.
 */
import { createHmac } from 'node:crypto';
import { standardSecretKey } from '../domain/webhook-secret.ts';

export function standardSignature(eventId: string, timestampSeconds: number, rawBody: string, secret: string): string {
  const digest = createHmac('sha256', standardSecretKey(secret)).update(`${eventId}.${timestampSeconds}.`).update(rawBody).digest('base64');
  return `v1,${digest}`;
}

/** The three headers of a delivery signed with each of `secrets` (the current one first). */
export function standardHeaders(eventId: string, timestampSeconds: number, rawBody: string, secrets: readonly string[]): Record<string, string> {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => standardSignature(eventId, timestampSeconds, rawBody, secret)).join(' '),
  };
}
