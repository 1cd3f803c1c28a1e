/**
 * Where the OpenAPI document lives and what the router reads from it besides operations: the path prefixes
 * of its `servers` (canonical `/v1`, aliases `/api/v1` and `/api`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const SPEC_PATH = fileURLToPath(new URL('../../spec/openapi.yaml', import.meta.url));

interface ServerEntry {
  url: string;
}

let document: Record<string, unknown> | undefined;

/** The parsed document, read once per process; openapi-backend dereferences a copy of it. */
export function loadSpecDocument(): Record<string, unknown> {
  document ??= parse(readFileSync(SPEC_PATH, 'utf8')) as Record<string, unknown>;
  return structuredClone(document);
}

let prefixes: readonly string[] | undefined;

/** Path prefixes of the document's servers, longest first so `/api/v1` wins over `/api`. */
export function apiPrefixes(): readonly string[] {
  if (prefixes) return prefixes;
  const servers = (loadSpecDocument()['servers'] ?? []) as ServerEntry[];
  const paths = servers.map((server) => new URL(server.url).pathname.replace(/\/$/, ''));
  prefixes = [...new Set(paths)].sort((a, b) => b.length - a.length);
  return prefixes;
}

/** The operation path of a request (`/api/v1/orders` → `/orders`), or undefined when no prefix matches. */
export function stripApiPrefix(path: string): string | undefined {
  for (const prefix of apiPrefixes()) {
    if (path === prefix) return '/';
    if (path.startsWith(`${prefix}/`)) return path.slice(prefix.length);
  }
  return undefined;
}

/**
 * Tolerance of Ajv's `multipleOf` (10^-n on the quotient). Prices are `multipleOf: 0.01`; in binary floating
 * point 10000000.02 / 0.01 is 1000000001.9999999, so a tight tolerance refuses valid amounts. 10^-4 holds up to
 * the schema's maximum of 1e9 (quotient error ≈ 2e-5) and still refuses any real third decimal.
 */
export const MULTIPLE_OF_PRECISION = 4;
