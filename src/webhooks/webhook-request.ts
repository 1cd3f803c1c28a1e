/**
 * The request one attempt sends: the payload as JSON, signed in the endpoint's format at the real time of sending
 * (a retry is signed afresh, the body stays byte for byte the same), with headers naming the event and the
 * delivery. The signature's timestamp is transport time, as payment providers sign with test clocks: a receiver
 * checks it against its own clock (5 minutes in `standardwebhooks` and `svix`, with no way to widen it), so a
 * mock clock moved by 30 days, or frozen for an hour, must not move it; the payload keeps the mock clock's times.
 */
import type { Delivery } from './delivery-log.ts';
import type { WebhookRequest } from './http-send.ts';
import { formatOf, signingSecrets } from './secret-rotation.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signing.ts';
import { standardHeaders } from './standard-signing.ts';
import type { WebhookEndpoint } from './webhook-types.ts';

/** `nowMs`: the mock clock (which secrets are current); `sentAtMs`: the real time of sending (the signature's). */
export function webhookRequest(delivery: Delivery, endpoint: WebhookEndpoint, nowMs: number, sentAtMs: number): WebhookRequest {
  const body = JSON.stringify(delivery.payload);
  const seconds = Math.floor(sentAtMs / 1000);
  const secrets = signingSecrets(endpoint, nowMs);
  const signature =
    formatOf(endpoint) === 'standard'
      ? standardHeaders(delivery.eventId, seconds, body, secrets)
      : { [SIGNATURE_HEADER]: signatureHeader(body, secrets, seconds) };
  return {
    url: endpoint.url,
    body,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'commerce-mock-webhooks/1',
      ...signature,
      'X-Mock-Event-Id': delivery.eventId,
      'X-Mock-Event-Type': delivery.type,
      'X-Mock-Delivery-Id': delivery.id,
    },
  };
}
