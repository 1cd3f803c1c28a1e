/**
 * Whether a response is one the document allows for an operation: its status is declared, its body matches that
 * status's schema, its headers are declared with values of their declared types. Shared by the pact check (a
 * response a contract expects) and the test suite (every response the app sends, test/support/response-validator.ts).
 */
import { fieldsNotDeclared, partialErrors } from './partial-body.ts';
import type { ErrorObject } from 'ajv';
import type { OpenAPIBackend } from 'openapi-backend';
import { parseBody } from '../http/request-body.ts';
import { mediaType } from '../openapi/media-type.ts';
import type { Operation } from '../openapi/openapi-router.ts';
import { locatedDetails } from '../openapi/validation-details.ts';
import { responseValidatorsOf } from './response-validators.ts';

export interface Problem {
  /** The part of the exchange at fault: `request.path`, `request.body`, `response.status`, `response.body`, … */
  where: string;
  message: string;
}

export interface ResponseToCheck {
  status: number;
  /** Any case; the check compares names in lower case. */
  headers: Record<string, string | undefined>;
  /** A value, or the text of a body still to be read with its content type. */
  body?: { kind: 'value'; value: unknown } | { kind: 'text'; text: string };
  contentType?: string;
}

interface ResponseObject {
  content?: Record<string, { schema?: object }>;
  headers?: Record<string, { required?: boolean }>;
}

/**
 * Headers of the HTTP layer rather than of an operation (framing, caching, CORS): the mock sends them on every
 * answer, the document does not list them per response.
 */
const TRANSPORT_HEADERS: ReadonlySet<string> = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'vary']);

/**
 * `complete`: the response is a whole answer (the suite's), so the headers the document requires and the body it
 * declares must be there. A contract's expectation is partial: it names only what the consumer reads.
 */
export function responseProblems(backend: OpenAPIBackend, operation: Operation, response: ResponseToCheck, complete: boolean): Problem[] {
  const operationId = operation.operationId ?? `${operation.method.toUpperCase()} ${operation.path}`;
  const declared = declaredResponse(operation, response.status);
  if (!declared) {
    const statuses = Object.keys(operation.responses ?? {}).join(', ');
    return [{ where: 'response.status', message: `${response.status} is not declared for ${operationId} (declared: ${statuses})` }];
  }
  const judgement = { backend, operation, response, declared, of: `${response.status} of ${operationId}`, complete };
  return [...headerProblems(judgement), ...bodyProblems(judgement)];
}

/** A response and what it is judged against; `of` names the declared response in messages ("201 of createProduct"). */
interface Judgement {
  backend: OpenAPIBackend;
  operation: Operation;
  response: ResponseToCheck;
  declared: ResponseObject;
  of: string;
  complete: boolean;
}

/** The response the document declares for a status: exact, then its class (`4XX`), then `default`. */
export function declaredResponse(operation: Operation, status: number): ResponseObject | undefined {
  const responses = (operation.responses ?? {}) as Record<string, ResponseObject>;
  return responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses['default'];
}

function headerProblems({ backend, operation, response, declared, of, complete }: Judgement): Problem[] {
  const sent = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const known = new Map(Object.entries(declared.headers ?? {}).map(([name, header]) => [name.toLowerCase(), { name, header }]));
  const problems: Problem[] = [];
  for (const { name, header } of known.values()) {
    if (complete && header.required && sent[name.toLowerCase()] === undefined) problems.push({ where: 'response.headers', message: `missing required header ${name}` });
  }
  if (!complete) {
    for (const name of Object.keys(sent)) {
      if (!known.has(name) && !TRANSPORT_HEADERS.has(name) && !name.startsWith('access-control-')) {
        problems.push({ where: 'response.headers', message: `${name} is not a header of ${of}` });
      }
    }
  }
  const validate = responseValidatorsOf(backend).headers(operation, response.status);
  validate?.({ headers: sent });
  for (const error of validate?.errors ?? []) {
    problems.push({ where: 'response.headers', message: `${error.instancePath.replace(/^\/headers\//, '')}: ${error.message ?? 'invalid'}` });
  }
  return problems;
}

function bodyProblems({ backend, operation, response, declared, of, complete }: Judgement): Problem[] {
  const declaredTypes = Object.keys(declared.content ?? {});
  const type = mediaType(response.contentType);
  if (type !== undefined && declaredTypes.length > 0 && !declaredTypes.includes(type)) {
    return [{ where: 'response.body', message: `content type ${type} is not one of ${of} (${declaredTypes.join(', ')})` }];
  }
  if (response.body === undefined) {
    return complete && declaredTypes.length > 0 ? [{ where: 'response.body', message: `no body, while ${of} declares one` }] : [];
  }
  if (declaredTypes.length === 0) return [{ where: 'response.body', message: `${of} has no body` }];
  const read = readResponseBody(response);
  if (!read.ok) return [read.problem];
  const validate = responseValidatorsOf(backend).body(operation, response.status);
  validate?.(read.body);
  const errors = validate?.errors ?? [];
  if (complete) return bodyDetails(errors);
  const schema = (declared.content?.[type ?? 'application/json'] ?? Object.values(declared.content ?? {})[0])?.schema;
  const undeclared = fieldsNotDeclared(read.body, schema).map((field) => ({ where: 'response.body', message: `${field}: not a field of ${of}` }));
  return [...bodyDetails(partialErrors(errors)), ...undeclared];
}

/**
 * A refusal that reaches no operation (404 unknown path, 405 wrong method) still answers the document's error
 * body (`components.schemas.Error`). The contract's body is partial there too (as on an operation's 401): it may
 * leave out `message` or `requestId`, but every field it names must be one of the error body's.
 */
export function errorBodyProblems(backend: OpenAPIBackend, response: ResponseToCheck): Problem[] {
  if (response.body === undefined) return [];
  const read = readResponseBody(response);
  if (!read.ok) return [read.problem];
  const check = responseValidatorsOf(backend).errorBody();
  const schema = (backend.definition.components?.schemas ?? {})['Error'];
  const undeclared = fieldsNotDeclared(read.body, schema).map((field) => ({ where: 'response.body', message: `${field}: not a field of the error body` }));
  return [...(check(read.body) ? [] : bodyDetails(partialErrors(check.errors ?? []))), ...undeclared];
}

function readResponseBody(response: ResponseToCheck): { ok: true; body: unknown } | { ok: false; problem: Problem } {
  if (response.body === undefined || response.body.kind === 'value') return { ok: true, body: response.body?.value };
  const read = parseBody(response.body.text, response.contentType);
  if (read.ok) return { ok: true, body: read.body };
  return { ok: false, problem: { where: 'response.body', message: `not ${mediaType(response.contentType) ?? 'application/json'} text` } };
}

function bodyDetails(errors: ErrorObject[]): Problem[] {
  return locatedDetails(errors, 'body').map((detail) => ({ where: 'response.body', message: `${detail.path}: ${detail.message}` }));
}
