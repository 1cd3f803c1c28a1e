/**
 * The request one attempt sends: the payload as JSON, signed at the attempt's instant on the mock clock (a retry
 * is signed afresh, the body stays byte for byte the same) in the endpoint's format, with headers naming the event
 * and the delivery.
 */
import type { Delivery } from './delivery-log.ts';
import type { WebhookRequest } from './http-send.ts';
import { formatOf, signingSecrets } from './secret-rotation.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signing.ts';
import { standardHeaders } from './standard-signing.ts';
import type { WebhookEndpoint } from './webhook-types.ts';

export function webhookRequest(delivery: Delivery, endpoint: WebhookEndpoint, nowMs: number): WebhookRequest {
  const body = JSON.stringify(delivery.payload);
  const seconds = Math.floor(nowMs / 1000);
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
