/**
 * The checkout forms' per-page token (a hidden `token` field): an HMAC-SHA256 of the order id under a secret
 * drawn once per app from src/platform/random.ts. Only a page served by this mock carries it, and a page of another site
 * cannot read one (the checkout sends no CORS headers), so a form it forges is refused. Derived rather than
 * stored, it costs no write; a restart draws a new secret, and a page opened before it must be reloaded.
 */
import { createHmac } from 'node:crypto';
import { sameSecret } from '../../tokens/rules.ts';

export interface PageTokens {
  /** The token the page of this order carries. */
  of(orderId: string): string;
  /** Whether a posted value is that token. */
  matches(orderId: string, posted: unknown): boolean;
}

export function pageTokens(secret: string): PageTokens {
  const of = (orderId: string) => createHmac('sha256', secret).update(orderId).digest('base64url');
  return { of, matches: (orderId, posted) => typeof posted === 'string' && sameSecret(posted, of(orderId)) };
}
