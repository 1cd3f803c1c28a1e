/**
 * A request checked by its operation's request validators, called directly: the ones the build precompiled
 * (dist/validators/) or, run from the sources, the ones openapi-backend compiles. The input they see is the one
 * openapi-backend's `validateRequest` builds (`{path, query, header, cookie, requestBody}`), made the same way:
 * path parameters from the operation's template, percent-decoded; a single query value wrapped in a list when its
 * schema is an array; the params validator coerces path and query values to their declared types in place.
 * test/openapi/precompiled-validators.test.ts holds both to the same verdicts, errors and coerced values.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Operation } from 'openapi-backend';
import { mediaType } from './media-type.ts';
import { processCachedFor } from '../platform/process-cache.ts';
import { normalizedPath } from './operation-table.ts';

export interface RouterRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[]>;
  body?: unknown;
}

/** A request that passed validation, with path and query parameters coerced to their declared types. */
export interface ParsedRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export type Validation = { ok: true; parsed: ParsedRequest } | { ok: false; errors: ErrorObject[] };

/** What validating a request needs to know of its operation, worked out once. */
interface PreparedOperation {
  pathPattern: RegExp;
  pathNames: string[];
  arrayQueryParams: ReadonlySet<string>;
  /** The body's only media type is JSON: a body that is not JSON is then a `parse` error. */
  jsonOnlyBody: boolean;
}

interface Parameter {
  name: string;
  in: string;
  schema?: { type?: unknown };
  content?: unknown;
  explode?: boolean;
  style?: string;
}

/**
 * The most validation errors a request's refusal is built from (and so the most `details` a 400 carries): enough to
 * name every field of a real mistake, bounded for a body of thousands of bad elements.
 */
export const MAX_VALIDATION_ERRORS = 100;

function prepare(operation: Operation): PreparedOperation {
  const parameters = (operation.parameters ?? []) as Parameter[];
  for (const parameter of parameters) {
    // What openapi-backend would decode differently (cookies, JSON-encoded or delimited values): no document of
    // this package declares one, and a new one must not pass unnoticed.
    if (parameter.in === 'cookie' || parameter.content !== undefined || parameter.explode === false || (parameter.style && parameter.style !== 'form' && parameter.style !== 'simple')) {
      throw new Error(`${operation.operationId}: parameter ${parameter.name} (${parameter.in}) needs a decoding the request validation does not do`);
    }
  }
  const content = Object.keys((operation.requestBody as { content?: object } | undefined)?.content ?? {});
  return {
    pathPattern: new RegExp(`^${operation.path.replace(/\{[A-Za-z0-9_-]+\}/g, '([^\\/]*)')}$`),
    pathNames: [...operation.path.matchAll(/\{([A-Za-z0-9_-]+)\}/g)].map((found) => found[1] as string),
    arrayQueryParams: new Set(parameters.filter((parameter) => parameter.in === 'query' && parameter.schema?.type === 'array').map((parameter) => parameter.name)),
    jsonOnlyBody: content.length === 1 && content[0] === 'application/json',
  };
}

function preparedOf(operation: Operation): PreparedOperation {
  return processCachedFor('prepared-operations', operation, () => prepare(operation));
}

export function validateRequest(request: RouterRequest, operation: Operation, validators: readonly ValidateFunction[]): Validation {
  const { pathPattern, pathNames, arrayQueryParams, jsonOnlyBody } = preparedOf(operation);
  const errors: ErrorObject[] = [];
  const { body } = request;
  const headers = lowerCaseKeys(request.headers);
  const input: Record<string, unknown> = {
    path: pathParams(normalizedPath(request.path), pathPattern, pathNames),
    query: queryCopy(request.query, arrayQueryParams),
    header: headers,
    cookie: {},
  };
  let requestBody = body;
  if (body !== undefined && body !== null && typeof body !== 'object') {
    try {
      requestBody = JSON.parse(String(body));
    } catch (error) {
      if (jsonOnlyBody) errors.push({ keyword: 'parse', instancePath: '', schemaPath: '#/requestBody', params: [], message: (error as Error).message });
    }
  }
  const rawType = headers['content-type'];
  const contentType = mediaType(Array.isArray(rawType) ? rawType[0] : rawType);
  if (typeof requestBody === 'object' || contentType === 'application/json') input['requestBody'] = requestBody;
  for (const validate of validators) {
    validate(input);
    // One by one, never spread: a body of 300,000 bad elements has that many errors, more than a call's arguments.
    const found = validate.errors;
    if (!found) continue;
    for (const error of found) {
      if (errors.length >= MAX_VALIDATION_ERRORS) break;
      errors.push(error);
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, parsed: { params: input['path'] as Record<string, string>, query: input['query'] as Record<string, unknown>, body } };
}

/** bath-es5's reading of a template, as openapi-backend uses it: each segment value percent-decoded. */
function pathParams(path: string, pattern: RegExp, names: readonly string[]): Record<string, string> {
  const found = pattern.exec(path);
  if (!found) return {};
  const params: Record<string, string> = {};
  for (let index = 0; index < names.length; index += 1) {
    const value = found[index + 1] ?? '';
    // A value with no escape decodes to itself: most ids, read as they came.
    params[names[index] as string] = value.includes('%') ? decodeURIComponent(value) : value;
  }
  return params;
}

/** A copy the params validator may coerce in place; a lone value of an array parameter becomes a list. */
function queryCopy(query: Readonly<Record<string, string | string[]>>, arrays: ReadonlySet<string>): Record<string, unknown> {
  // Most requests have no query: nothing to copy.
  let empty = true;
  for (const _ in query) {
    empty = false;
    break;
  }
  if (empty) return {};
  // fromEntries defines own properties, so a key such as `__proto__` stays plain data.
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? [...value] : arrays.has(name) ? [value] : value]));
}

const UPPER_CASE = /[A-Z]/;

function lowerCaseKeys(headers: Readonly<Record<string, string | string[]>>): Record<string, string | string[]> {
  // node's own headers are lower case already: then the object itself, found so with no list of keys made.
  let upper = false;
  for (const key in headers) {
    if (Object.hasOwn(headers, key) && UPPER_CASE.test(key)) {
      upper = true;
      break;
    }
  }
  if (!upper) return headers as Record<string, string | string[]>;
  return Object.fromEntries(Object.keys(headers).map((key) => [key.toLowerCase(), headers[key] as string | string[]]));
}
