/**
 * The two ways a webhook is signed, and what a secret must be for each. `mock` (the default): any secret of 8–200
 * characters, used as text. `standard` (Standard Webhooks, standardwebhooks.com): a `whsec_` secret whose rest is
 * base64 of 24–64 random bytes, the HMAC key being those bytes, as every Standard Webhooks library reads it.
 */
export const WEBHOOK_FORMATS = ['mock', 'standard'] as const;

export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const STANDARD_SECRET_PREFIX = 'whsec_';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Why `secret` cannot sign in `format`, or undefined when it can. */
export function webhookSecretProblem(secret: string, format: WebhookFormat): string | undefined {
  if (format === 'mock') return undefined;
  if (!secret.startsWith(STANDARD_SECRET_PREFIX)) return `a secret of format "standard" starts with ${STANDARD_SECRET_PREFIX}`;
  const encoded = secret.slice(STANDARD_SECRET_PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) return `after ${STANDARD_SECRET_PREFIX}, a secret of format "standard" is base64`;
  const bytes = Buffer.from(encoded, 'base64').length;
  if (bytes < 24 || bytes > 64) return `a secret of format "standard" holds 24 to 64 bytes (this one ${bytes})`;
  return undefined;
}

/** The HMAC key of a `standard` secret: the bytes after `whsec_`. */
export function standardSecretKey(secret: string): Buffer {
  return Buffer.from(secret.slice(STANDARD_SECRET_PREFIX.length), 'base64');
}
