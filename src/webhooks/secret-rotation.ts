/**
 * A secret rotation: when a client's endpoint gets a new secret (same format), the secret it replaces keeps
 * signing beside the new one for `SECRET_OVERLAP_SECONDS` of mock time, so a receiver can switch secrets without
 * refusing a single delivery (retries included: the whole retry schedule fits in the overlap). Both signatures go
 * out in the one header, as both formats allow (`v1=…,v1=…` and `v1,… v1,…`).
 */
import type { WebhookEndpoint, WebhookEndpointInput } from './webhook-types.ts';

/** One hour of mock time: longer than the default retry schedule (about 21 minutes). */
export const SECRET_OVERLAP_SECONDS = 3600;

/** The endpoint `next` makes, given the client's endpoint before it (undefined when it had none). */
export function rotatedEndpoint(before: WebhookEndpoint | undefined, next: WebhookEndpointInput, nowMs: number): WebhookEndpoint {
  const endpoint: WebhookEndpoint = { url: next.url, secret: next.secret, ...(next.format ? { format: next.format } : {}) };
  if (!before || formatOf(before) !== formatOf(endpoint)) return endpoint;
  if (before.secret !== endpoint.secret) {
    return { ...endpoint, previousSecret: before.secret, previousSecretExpiresAt: new Date(nowMs + SECRET_OVERLAP_SECONDS * 1000).toISOString() };
  }
  // The same secret again (a URL change): a rotation under way goes on.
  const { previousSecret, previousSecretExpiresAt } = before;
  return previousSecret && previousSecretExpiresAt ? { ...endpoint, previousSecret, previousSecretExpiresAt } : endpoint;
}

/** The secrets a delivery is signed with now: the current one, and the previous one during the overlap. */
export function signingSecrets(endpoint: WebhookEndpoint, nowMs: number): string[] {
  const { previousSecret, previousSecretExpiresAt } = endpoint;
  const overlapping = previousSecret !== undefined && previousSecretExpiresAt !== undefined && Date.parse(previousSecretExpiresAt) > nowMs;
  return overlapping ? [endpoint.secret, previousSecret] : [endpoint.secret];
}

export function formatOf(endpoint: Pick<WebhookEndpoint, 'format'>): NonNullable<WebhookEndpoint['format']> {
  return endpoint.format ?? 'mock';
}
