/**
 * Where the OpenAPI document lives and what the router reads from it besides operations: the path prefixes
 * of its `servers` (canonical `/v1`, aliases `/api/v1` and `/api`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BUILT, SHIPPED } from '../platform/package-files.ts';
import { processCached } from '../platform/process-cache.ts';
import { expandedCopy } from './references.ts';
import { withBorrowedSchemas } from './shared-schemas.ts';

export const SPEC_PATH = SHIPPED.openapiYaml;

/**
 * The build writes the document as JSON beside the compiled code (`dist/openapi.json`, see
 * scripts/spec-to-json.mjs): parsing it takes milliseconds where the YAML parser takes a fifth of a second of
 * start-up. Run from the sources (tests, tsx), there is no such file and the YAML is read.
 */
const BUILT_JSON = BUILT.openapiJson;

/** The admin API's own document (spec/admin.yaml), built the same way. */
export const ADMIN_SPEC_PATH = SHIPPED.adminYaml;
const ADMIN_BUILT_JSON = BUILT.adminJson;

function readDocument(built = BUILT_JSON, source = SPEC_PATH): Record<string, unknown> {
  if (existsSync(built)) return JSON.parse(readFileSync(built, 'utf8')) as Record<string, unknown>;
  const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return parse(readFileSync(source, 'utf8')) as Record<string, unknown>;
}

/**
 * The validator's definition of a document (what openapi-backend is given): every `$ref` replaced by a copy of its
 * own (references.ts `expandedCopy`). Resolved to shared copies, two uses of one component (an order item's
 * `Quantity` in both its forms) would be one object, which Ajv compiles once: the second use's errors would then
 * carry the first use's schema path, and validation details would name the wrong form of a `oneOf`. The build
 * writes it for the two documents (scripts/dereference-specs.mjs); run from the sources, or for another document,
 * it is made here.
 */
export function validatorDefinition(document?: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (document === undefined || document === loadSpecDocument()) return packageDefinition('service');
  if (document === loadAdminDocument()) return packageDefinition('admin');
  return expandedCopy(document);
}

/** The package's two documents: the service's API (spec/openapi.yaml) and the admin API (spec/admin.yaml). */
export type PackageDocument = 'service' | 'admin';

/** A package document's validator definition, a fresh object at each call: the build's when there is one. */
export function packageDefinition(which: PackageDocument): Record<string, unknown> {
  const built = which === 'service' ? BUILT.openapiDereferenced : BUILT.adminDereferenced;
  if (existsSync(built)) return JSON.parse(readFileSync(built, 'utf8')) as Record<string, unknown>;
  return expandedCopy(which === 'service' ? loadSpecDocument() : loadAdminDocument());
}

/** spec/admin.yaml, parsed once per process (platform/process-cache.ts). */
export function loadAdminDocument(): Readonly<Record<string, unknown>> {
  return processCached('admin-document', () => withBorrowedSchemas(readDocument(ADMIN_BUILT_JSON, ADMIN_SPEC_PATH), loadSpecDocument()));
}

interface ServerEntry {
  url: string;
}

/**
 * The parsed document, read once per process and shared (platform/process-cache.ts): read it, never change it (the
 * router works on a copy).
 */
export function loadSpecDocument(): Readonly<Record<string, unknown>> {
  return processCached('service-document', () => readDocument());
}

/** Path prefixes of the document's servers, longest first so `/api/v1` wins over `/api`. */
export function apiPrefixes(): readonly string[] {
  return processCached('api-prefixes', () => {
    const servers = (loadSpecDocument()['servers'] ?? []) as ServerEntry[];
    const paths = servers.map((server) => new URL(server.url).pathname.replace(/\/$/, ''));
    return [...new Set(paths)].sort((a, b) => b.length - a.length);
  });
}

const SLASH = 0x2f;

/** The operation path of a request (`/api/v1/orders` → `/orders`), or undefined when no prefix matches. */
export function stripApiPrefix(path: string): string | undefined {
  for (const prefix of apiPrefixes()) {
    if (path === prefix) return '/';
    // Read for every request: compared in place, with no `${prefix}/` made for the comparison.
    if (path.charCodeAt(prefix.length) === SLASH && path.startsWith(prefix)) return path.slice(prefix.length);
  }
  return undefined;
}

/**
 * Tolerance of Ajv's `multipleOf` (10^-n on the quotient). Prices are `multipleOf: 0.01`; in binary floating
 * point 10000000.02 / 0.01 is 1000000001.9999999, so a tight tolerance refuses valid amounts. 10^-4 holds up to
 * the schema's maximum of 1e9 (quotient error ≈ 2e-5) and still refuses any real third decimal.
 */
export const MULTIPLE_OF_PRECISION = 4;
