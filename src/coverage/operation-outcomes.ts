/**
 * The outcomes of the service's own operations, read from its document (spec/openapi.yaml): each operation's
 * success answers, and its 400 and 404 (what the operation itself refuses). The answers every operation shares
 * (401, 403, 405, 413, 415, 429, 5xx) are catalogued once, from the error catalogue (outcome-catalogue.ts).
 */
import { API_ERRORS } from '../errors/api-errors.ts';
import { operationsOf } from '../openapi/operation-table.ts';
import { followedReference } from '../openapi/references.ts';
import { loadSpecDocument } from '../openapi/spec-document.ts';
import { processCached } from '../platform/process-cache.ts';
import type { Outcome } from './outcome-types.ts';

/** Error statuses whose outcome belongs to the operation; the others are cross-cutting. */
const OWN_ERROR_STATUSES = ['400', '404'] as const;

interface DocumentResponse {
  description?: string;
}

/** `createOrder` → `orders.create`, `syncProductsBatch` → `products.sync-batch`, `getOrderStatus` → `orders.get-status`. */
export function operationOutcomePrefix(operationId: string): string {
  // Asked for at every answer: each operation's prefix is made once.
  const prefixes = processCached('outcome-prefixes', () => new Map<string, string>());
  let prefix = prefixes.get(operationId);
  if (prefix === undefined) prefixes.set(operationId, (prefix = prefixOf(operationId)));
  return prefix;
}

function prefixOf(operationId: string): string {
  const [verb = operationId, noun = '', ...rest] = operationId.split(/(?=[A-Z])/);
  const resource = noun.toLowerCase().endsWith('s') ? noun.toLowerCase() : `${noun.toLowerCase()}s`;
  return [resource, [verb, ...rest].map((word) => word.toLowerCase()).join('-')].join('.');
}

/** The error code a documented error answer names: the first catalogue code of that status quoted in its description. */
function documentedCode(status: number, description: string): string | undefined {
  const codes = new Set(Object.values(API_ERRORS).filter((entry) => entry.status === status).map((entry) => entry.code as string));
  return [...description.matchAll(/`([A-Za-z_]+)`/g)].map((match) => match[1] ?? '').find((code) => codes.has(code));
}

const firstSentence = (text: string) => (text.split(/(?<=\.)\s/)[0] ?? text).replace(/\s+/g, ' ').trim();

function provokeOf(status: string, route: string, code: string | undefined): string {
  if (status === '400') return `\`${route}\` with a body or parameter the document refuses (or \`Prefer: code=400\`)`;
  if (status === '404') return `\`${route}\` with an id that does not exist for the client (or \`Prefer: code=404\`)`;
  if (code !== undefined) return `\`${route}\` (or \`Prefer: code=${status}\`)`;
  return `a valid \`${route}\``;
}

/**
 * A response as the document gives it, its `$ref` followed (`#/components/responses/…`): only the responses are
 * read here, so the document is not copied with every reference resolved, as the router's table is.
 */
function responseAt(document: Readonly<Record<string, unknown>>, value: unknown): DocumentResponse {
  const node = followedReference(document, value);
  return (typeof node === 'object' && node !== null ? node : {}) as DocumentResponse;
}

/** Every operation's own outcomes, in the document's order. */
export function operationOutcomes(): Outcome[] {
  const document = loadSpecDocument();
  return operationsOf(document).flatMap(({ operationId, method, path, responses }) => {
    if (!operationId) return [];
    const prefix = operationOutcomePrefix(operationId);
    const route = `${method.toUpperCase()} /v1${path}`;
    return Object.entries((responses ?? {}) as Record<string, unknown>).flatMap(([status, value]): Outcome[] => {
      const response = responseAt(document, value);
      const own = status.startsWith('2') || (OWN_ERROR_STATUSES as readonly string[]).includes(status);
      if (!own) return [];
      const description = firstSentence(response.description ?? '');
      const code = status.startsWith('2') ? undefined : documentedCode(Number(status), response.description ?? '');
      const id = [prefix, status, ...(code ? [code] : [])].join('.');
      return [{ id, group: prefix.split('.')[0] ?? prefix, description: `${route} → ${status}: ${description}`, provoke: provokeOf(status, route, code) }];
    });
  });
}

/** The operation outcome an answer shows: its operation, its status and, for an error, its code. */
export function operationOutcomeId(operationId: string, status: number, errorCode: string | undefined): string {
  const prefix = operationOutcomePrefix(operationId);
  if (status >= 400 && errorCode) return `${prefix}.${status}.${errorCode}`;
  // Asked for at every answer: an operation's id for a status without a code is made once, so the catalogue's
  // look-up reads a string whose hash is already known.
  const ids = processCached('outcome-ids', () => new Map<string, Map<number, string>>());
  let byStatus = ids.get(operationId);
  if (byStatus === undefined) ids.set(operationId, (byStatus = new Map()));
  let id = byStatus.get(status);
  if (id === undefined) byStatus.set(status, (id = `${prefix}.${status}`));
  return id;
}
