/**
 * What one real exchange departs from spec/openapi.yaml in, judged with the server's own router and validators:
 * an undocumented field (additive), a missing required field, a different type or value, an undocumented status
 * or error code, a body labelled JSON that is not (breaking). A request the document refuses but the service
 * accepted is a departure too. Volatile values (volatile.ts) are never departures. The judge never throws: a body
 * past the judged limit, or one nested too deeply to walk, is left unjudged (status and headers still are).
 */
import type { ErrorObject } from 'ajv';
import { ERRORS } from '../errors/failures.ts';
import type { OpenApiRouter, Operation } from '../openapi/openapi-router.ts';
import type { PactRequest } from '../conformance/pact-interaction.ts';
import { fieldsNotDeclared } from '../conformance/partial-body.ts';
import { requestProblems } from '../conformance/request-conformance.ts';
import { stripApiPrefix } from '../openapi/spec-document.ts';
import { declaredResponse, responseProblems } from '../conformance/response-conformance.ts';
import { responseValidatorsOf } from '../conformance/response-validators.ts';
import { mediaType } from '../openapi/media-type.ts';
import type { Exchange } from './exchange.ts';
import { isVolatileField, placeOf, placeOfPointer } from './volatile.ts';

export type DepartureKind = 'breaking' | 'additive';

export interface Departure {
  kind: DepartureKind;
  /** Where: `response.status`, `response.body.data[].name`, `request.body.items`… (array elements as `[]`). */
  path: string;
  message: string;
}

/** What is judged: the exchange as exchange.ts reads it. */
export type ExchangeToJudge = Exchange;

export interface Judged {
  operationId: string;
  operation?: Operation;
  departures: Departure[];
  /** False when the bodies were not judged (too large, or too deep to walk). */
  bodiesJudged: boolean;
}

/**
 * The schema errors of one answer the judge reads. Lists are reported per element path (`data[].name`), so an
 * error repeated in every element of a long list is one departure whatever the cap; the cap bounds the work and
 * memory a list of 50,000 wrong elements costs.
 */
export const MAX_SCHEMA_ERRORS = 100;

const DOCUMENTED_CODES: ReadonlySet<string> = new Set(Object.values(ERRORS).map((entry) => entry.code));

/** Checks that say a value's form, not its kind: on a volatile field they are the value changing, not drift. */
const FORM_KEYWORDS: ReadonlySet<string> = new Set(['pattern', 'format', 'minLength', 'maxLength']);

export function judgeExchange(router: OpenApiRouter, exchange: ExchangeToJudge): Judged {
  if (exchange.tooLargeToJudge) return judgeStatusAndHeaders(router, exchange);
  try {
    return judgeWhole(router, exchange);
  } catch (error) {
    // A body nested deeper than the stack can walk (a validator or the field walk recursing); not the service's drift.
    if (error instanceof RangeError) return judgeStatusAndHeaders(router, exchange);
    throw error;
  }
}

/** The operation a request reaches (HEAD as GET), if any. */
function operationOf(router: OpenApiRouter, method: string, path: string): Operation | undefined {
  const apiPath = stripApiPrefix(path);
  return apiPath === undefined ? undefined : router.match(method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase(), apiPath);
}

const nameOf = (operation: Operation) => operation.operationId ?? `${operation.method.toUpperCase()} ${operation.path}`;

/** The report's name for what a request reaches: its operation, or `METHOD /path`. */
export function operationIdOf(router: OpenApiRouter, method: string, path: string): string {
  const operation = operationOf(router, method, path);
  return operation ? nameOf(operation) : `${method.toUpperCase()} ${path}`;
}

function judgeStatusAndHeaders(router: OpenApiRouter, exchange: ExchangeToJudge): Judged {
  const operation = operationOf(router, exchange.request.method, exchange.request.path);
  if (!operation) return { operationId: operationIdOf(router, exchange.request.method, exchange.request.path), departures: [], bodiesJudged: false };
  return { operationId: nameOf(operation), operation, departures: statusAndHeaderDepartures(router, operation, exchange), bodiesJudged: false };
}

function judgeWhole(router: OpenApiRouter, exchange: ExchangeToJudge): Judged {
  const check = requestProblems(router, exchange.request);
  const { operation } = check;
  if (!operation) {
    const operationId = `${exchange.request.method} ${exchange.request.path.split('?')[0]}`;
    // The document has no such operation; a service refusing it agrees with the document.
    const answered = exchange.status < 400 ? [{ kind: 'breaking' as const, path: 'request', message: `the service answers ${exchange.status} where the document has no operation` }] : [];
    return { operationId, departures: answered, bodiesJudged: true };
  }
  const operationId = nameOf(operation);
  const departures: Departure[] = [];
  if (exchange.status < 400) {
    for (const problem of check.problems) {
      departures.push({ kind: 'breaking', path: problem.where, message: `the document refuses this request (${problem.answer}: ${placeOf(problem.message)}), the service accepted it` });
    }
  }
  departures.push(...responseDepartures(router, operation, exchange));
  return { operationId, operation, departures: unique(departures), bodiesJudged: true };
}

function statusAndHeaderDepartures(router: OpenApiRouter, operation: Operation, exchange: ExchangeToJudge): Departure[] {
  if (!declaredResponse(operation, exchange.status)) return [{ kind: 'breaking', path: 'response.status', message: `status ${exchange.status} is not documented for this operation` }];
  // Headers: the shared check, as the test suite judges every answer of the mock.
  const headerProblems = responseProblems(router.backend, operation, { status: exchange.status, headers: exchange.headers }, true).filter((problem) => problem.where === 'response.headers');
  return headerProblems.map((problem) => ({ kind: 'breaking', path: problem.where, message: problem.message }));
}

function responseDepartures(router: OpenApiRouter, operation: Operation, exchange: ExchangeToJudge): Departure[] {
  const departures = statusAndHeaderDepartures(router, operation, exchange);
  const content = (declaredResponse(operation, exchange.status) as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  if (!content) return departures;
  if (exchange.bodyProblem) return [...departures, { kind: 'breaking', path: 'response.body', message: exchange.bodyProblem }];
  const type = mediaType(exchange.headers['content-type']);
  if (exchange.body === undefined && type !== undefined && !(type in content)) {
    return [...departures, { kind: 'breaking', path: 'response.body', message: `a body labelled ${type} where the document says ${Object.keys(content).join(', ')}` }];
  }
  if (exchange.body === undefined) return departures;
  // The compiled validator itself: openapi-backend's validateResponse spreads every error into one call's
  // arguments, which overflows the stack past about 100,000 errors (50,000 empty objects in a list).
  const validate = responseValidatorsOf(router.backend).body(operation, exchange.status);
  validate?.(exchange.body);
  departures.push(...(validate?.errors ?? []).slice(0, MAX_SCHEMA_ERRORS).flatMap(bodyDeparture));
  const schema = (content['application/json'] ?? Object.values(content)[0])?.schema;
  for (const field of fieldsNotDeclared(exchange.body, schema).slice(0, MAX_SCHEMA_ERRORS)) {
    departures.push({ kind: 'additive', path: `response.body.${placeOf(field)}`, message: 'a field the document does not declare' });
  }
  const code = (exchange.body as { error?: unknown } | null)?.error;
  if (exchange.status >= 400 && typeof code === 'string' && !DOCUMENTED_CODES.has(code)) {
    departures.push({ kind: 'breaking', path: 'response.body.error', message: `error code "${code}" is not documented` });
  }
  return departures;
}

function bodyDeparture(error: ErrorObject): Departure[] {
  const at = placeOfPointer(error.instancePath);
  const field = (name: string) => `response.body${name ? `.${name}` : ''}`;
  const last = at.split(/[.[\]]/).filter(Boolean).pop() ?? '';
  switch (error.keyword) {
    case 'required': {
      const missing = String(error.params['missingProperty']);
      return [{ kind: 'breaking', path: field(at ? `${at}.${missing}` : missing), message: 'a required field is missing' }];
    }
    case 'additionalProperties':
      return [{ kind: 'additive', path: field(at ? `${at}.${String(error.params['additionalProperty'])}` : String(error.params['additionalProperty'])), message: 'a field the document does not declare' }];
    case 'type':
      return [{ kind: 'breaking', path: field(at), message: `a different type (the document says ${String(error.params['type'])})` }];
    // A choice between branches reports the branch's own errors as well; those are the departures.
    case 'oneOf':
    case 'anyOf':
    case 'if':
      return [];
    default:
      if (FORM_KEYWORDS.has(error.keyword) && isVolatileField(last)) return [];
      return [{ kind: 'breaking', path: field(at), message: `a value the document does not allow (${error.keyword})` }];
  }
}

function unique(departures: Departure[]): Departure[] {
  const seen = new Map(departures.map((departure) => [`${departure.kind} ${departure.path} ${departure.message}`, departure]));
  return [...seen.values()];
}
