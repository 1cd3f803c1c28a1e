/**
 * Secrets out of what is printed or journaled: client secrets, access and refresh tokens, the admin token,
 * webhook secrets, passwords. One rule names a secret (by its field, parameter or header name) and one mask
 * replaces it, for query strings, headers and JSON-like values alike, so the journal, the logs and the console
 * all hide the same things.
 */
import { processCached } from '../platform/process-cache.ts';

export const REDACTED = '***';

/** `client_secret`, `clientSecret`, `refresh_token`, `access_token`, `token`, `adminToken`, `secret`, `password`… */
export function isSecretName(name: string): boolean {
  const known = judged.get(name);
  if (known !== undefined) return known;
  const plain = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const secret = plain.endsWith('secret') || plain.endsWith('token') || plain.endsWith('password') || SECRET_HEADERS.has(plain);
  // Bodies repeat a few dozen field names: each is judged once. Bounded, as the names come from requests.
  if (judged.size < JUDGED_NAMES) judged.set(name, secret);
  return secret;
}

const JUDGED_NAMES = 2048;
const judged = processCached('secret-names', () => new Map<string, boolean>());

const SECRET_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxyauthorization', 'cookie', 'setcookie', 'apikey', 'xapikey']);

/** `client_id=a&client_secret=s` → `client_id=a&client_secret=***` (order, names and other values kept as sent). */
export function redactQuery(query: string): string {
  if (query === '') return query;
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return isSecretName(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A path with its query (`/x?token=…`) with the secrets of its query masked. */
export function redactUrlPath(pathAndQuery: string): string {
  const mark = pathAndQuery.indexOf('?');
  return mark === -1 ? pathAndQuery : `${pathAndQuery.slice(0, mark + 1)}${redactQuery(pathAndQuery.slice(mark + 1))}`;
}

/** Headers with secret values masked; `Authorization: Bearer x` keeps its scheme (`Bearer ***`). */
export function redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[] | undefined> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, maskedHeader(name, value)]));
}

function maskedHeader<V extends string | string[] | undefined>(name: string, value: V): V {
  if (value === undefined || !isSecretName(name)) return value;
  const schemed = SCHEMED_HEADER.test(name);
  return (Array.isArray(value) ? value.map((text) => maskedSecret(schemed, text)) : maskedSecret(schemed, value as string)) as V;
}

/** `Authorization` and `Proxy-Authorization` keep their scheme: `Bearer ***`. */
const SCHEMED_HEADER = /^(authorization|proxy-authorization)$/i;
const SCHEME = /^(\S+) /;
const BEARER_REDACTED = `Bearer ${REDACTED}`;

function maskedSecret(schemed: boolean, text: string): string {
  if (!schemed) return REDACTED;
  // What nearly every request sends, answered without a match.
  if (text.startsWith('Bearer ')) return BEARER_REDACTED;
  const scheme = SCHEME.exec(text)?.[1];
  return scheme === undefined ? REDACTED : `${scheme} ${REDACTED}`;
}

/** Headers as a flat list, `[name, value, name, value, …]`: one array, cheaper to make and to hold than an object. */
export type HeaderList = ReadonlyArray<string | string[]>;

/**
 * `redactHeaders` without its undefined values, made in one loop, for what the journal keeps of every answer: the
 * headers themselves when nothing in them needs masking or leaving out (the common case of a reply's headers), else
 * a list of the names and masked values (`headersOfList` makes it an object again).
 */
export function maskedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> | HeaderList {
  let copy = false;
  for (const name in headers) {
    if (headers[name] === undefined || isSecretName(name)) {
      copy = true;
      break;
    }
  }
  if (!copy) return headers as Record<string, string | string[]>;
  const list: Array<string | string[]> = [];
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value !== undefined) list.push(name, maskedHeader(name, value));
  }
  return list;
}

/** The object of a header list; a header named `__proto__` is defined, so it stays plain data, as with fromEntries. */
export function headersOfList(list: HeaderList): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (let at = 0; at + 1 < list.length; at += 2) {
    const name = list[at] as string;
    const value = list[at + 1] as string | string[];
    if (name === '__proto__') Object.defineProperty(headers, name, { value, enumerable: true, writable: true, configurable: true });
    else headers[name] = value;
  }
  return headers;
}

/**
 * Whether masking would change a JSON-like value: a secret-named field holds something other than `null` or a
 * boolean, at any depth. Reads the keys only (no copy, no text), with an explicit stack rather than recursion.
 */
export function holdsSecret(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
      continue;
    }
    for (const key in next) {
      const child = (next as Record<string, unknown>)[key];
      if (masked(key, child)) return true;
      pending.push(child);
    }
  }
  return false;
}

/**
 * A copy of a JSON-like value with every secret-named field's value (at any depth) masked, whatever it holds: a
 * secret wrapped in an object or a list (`{"password": {"value": "…"}}`, `{"client_secret": ["…"]}`) is masked
 * whole. Only `null` and booleans, which hold no secret, are kept. A parsed query (name → value or values) is one.
 */
export function redactSecrets<T>(value: T): T {
  return redactValue(value) as T;
}

/**
 * `JSON.stringify(redactSecrets(value))` in one pass and without the copy: the text the request journal keeps of
 * every body it sees, on the request path.
 */
export function redactedJson(value: unknown): string {
  return JSON.stringify(value, (key, child: unknown) => (masked(key, child) ? REDACTED : child));
}

/** A secret-named field's value is masked whatever it holds, but for `null` and booleans, which hold no secret. */
function masked(key: string, value: unknown): boolean {
  return value !== null && typeof value !== 'boolean' && isSecretName(key);
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, masked(key, child) ? REDACTED : redactValue(child)]));
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}
