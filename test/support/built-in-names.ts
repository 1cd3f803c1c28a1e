/** The built-in scenarios the issue names: each must ship, load and be listed. */
export const BUILT_INS = [
  'burst-429',
  'default',
  'flaky-network',
  'inactive-client',
  'order-cancelled',
  'order-failed',
  'order-paid',
  'rate-limited',
  'server-errors',
  'slow-payment',
  'subscription-retries-exhausted',
  'token-expiry',
  'token-revoked-midway',
];
