/**
 * What one real exchange departs from spec/openapi.yaml in, judged with the server's own router and validators:
 * an undocumented field (additive), a missing required field, a different type or value, an undocumented status
 * or error code (breaking). A request the document refuses but the service accepted is a departure too. Volatile
 * values (volatile.ts) are never departures.
 */
import type { ErrorObject } from 'ajv';
import { ERRORS } from '../errors/failures.ts';
import type { OpenApiRouter, Operation } from '../openapi/openapi-router.ts';
import type { PactRequest } from '../contracts/pact-interaction.ts';
import { fieldsNotDeclared } from '../contracts/partial-body.ts';
import { requestProblems } from '../contracts/request-conformance.ts';
import { declaredResponse, responseProblems } from '../contracts/response-conformance.ts';
import { isVolatileField, placeOf, placeOfPointer } from './volatile.ts';

export type DepartureKind = 'breaking' | 'additive';

export interface Departure {
  kind: DepartureKind;
  /** Where: `response.status`, `response.body.data[].name`, `request.body.items`… (array elements as `[]`). */
  path: string;
  message: string;
}

export interface ExchangeToJudge {
  request: PactRequest;
  status: number;
  headers: Record<string, string>;
  /** The response body as JSON, when it is JSON. */
  body: unknown;
}

export interface Judged {
  operationId: string;
  operation?: Operation;
  departures: Departure[];
}

const DOCUMENTED_CODES: ReadonlySet<string> = new Set(Object.values(ERRORS).map((entry) => entry.code));

/** Checks that say a value's form, not its kind: on a volatile field they are the value changing, not drift. */
const FORM_KEYWORDS = new Set(['pattern', 'format', 'minLength', 'maxLength']);

export function judgeExchange(router: OpenApiRouter, exchange: ExchangeToJudge): Judged {
  const check = requestProblems(router, exchange.request);
  const { operation } = check;
  if (!operation) {
    const operationId = `${exchange.request.method} ${exchange.request.path.split('?')[0]}`;
    // The document has no such operation; a service refusing it agrees with the document.
    const answered = exchange.status < 400 ? [{ kind: 'breaking' as const, path: 'request', message: `the service answers ${exchange.status} where the document has no operation` }] : [];
    return { operationId, departures: answered };
  }
  const operationId = operation.operationId ?? `${operation.method.toUpperCase()} ${operation.path}`;
  const departures: Departure[] = [];
  if (exchange.status < 400) {
    for (const problem of check.problems) {
      departures.push({ kind: 'breaking', path: problem.where, message: `the document refuses this request (${problem.answer}: ${placeOf(problem.message)}), the service accepted it` });
    }
  }
  departures.push(...responseDepartures(router, operation, exchange));
  return { operationId, operation, departures: unique(departures) };
}

function responseDepartures(router: OpenApiRouter, operation: Operation, exchange: ExchangeToJudge): Departure[] {
  const declared = declaredResponse(operation, exchange.status);
  if (!declared) return [{ kind: 'breaking', path: 'response.status', message: `status ${exchange.status} is not documented for this operation` }];
  const departures: Departure[] = [];
  // Headers: the shared check, as the test suite judges every answer of the mock.
  const headerProblems = responseProblems(router.backend, operation, { status: exchange.status, headers: exchange.headers }, true).filter((problem) => problem.where === 'response.headers');
  for (const problem of headerProblems) departures.push({ kind: 'breaking', path: problem.where, message: problem.message });
  const content = (declared as { content?: Record<string, { schema?: unknown }> }).content;
  if (exchange.body === undefined || !content) return departures;
  const errors = router.backend.validateResponse(exchange.body, operation, exchange.status).errors ?? [];
  departures.push(...errors.flatMap(bodyDeparture));
  const schema = (content['application/json'] ?? Object.values(content)[0])?.schema;
  for (const field of fieldsNotDeclared(exchange.body, schema)) {
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
