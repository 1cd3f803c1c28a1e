/**
 * Values that differ on every call (ids, timestamps, tokens, links that carry them): never a departure, and
 * matched by type in a recorded pact. Judged by the field's name, so a value is volatile wherever it sits.
 */
import { isSecretName } from '../http/redact.ts';

const VOLATILE_NAMES: ReadonlySet<string> = new Set(['id', 'at', 'checkout', 'tokenHint', 'currentPeriodStart', 'currentPeriodEnd']);

/** `id`, `orderId`, `order_id`, `createdAt`, `created_at`, `imageUrl`, `checkout`, `access_token`, `clientSecret`… */
export function isVolatileField(name: string): boolean {
  return VOLATILE_NAMES.has(name) || /(Id|_id|At|_at|Url|_url)$/.test(name) || isSecretName(name);
}

/** `data[3].items[0].total` → `data[].items[].total`: one departure per place, whatever the element. */
export function placeOf(path: string): string {
  return path.replace(/\[\d+\]/g, '[]');
}

/** Ajv's `/data/0/name` → `data[].name`. */
export function placeOfPointer(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[]` : path ? `${path}.${segment}` : segment), '');
}
