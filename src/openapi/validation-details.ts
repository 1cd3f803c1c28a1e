/**
 * Turns Ajv errors from openapi-backend into the 400 body: one `details` entry per offending field, with a
 * path a client recognises (`products[3].price`, `limit`) and a Portuguese message.
 */
import type { ErrorObject } from 'ajv';
import { failure, MAX_DETAILS, type ErrorDetail, type Failure } from '../errors/failures.ts';
import { DECIMALS_KEYWORD } from './decimals-keyword.ts';

/**
 * A field whose absence (missing, or an empty list) the service answers with a message of its own carries it
 * in the document as `x-message-when-absent` ("Pedido deve conter pelo menos um item" on an order's items).
 */
const ABSENCE_MESSAGE = 'x-message-when-absent';

export function validationFailure(errors: ErrorObject[]): Failure {
  const kept = closestBranches(withoutPatternsOfMalformed(errors.filter((error) => !isBodyReparse(error))));
  const message = kept.map(absenceMessage).find((found) => found !== undefined);
  const details = dedupe(kept.map((error) => toDetail(error)))
    .slice(0, MAX_DETAILS)
    .map(({ path, message: text }) => ({ path, message: text }));
  return message === undefined ? failure('invalid_request', { details }) : failure('documented_absence', { documented: message }, { details });
}

/** Where in a request (or response) a detail points: `requestBody`, `query`, `path`, `header`; `body` for a response. */
export interface LocatedDetail extends ErrorDetail {
  location: string;
}

/**
 * The details a refusal would carry, each with the part it names, for a report rather than an answer (the pact
 * check). `errors` of a request carry that part as the first segment of their path; a response body's errors
 * (`within: 'body'`) start at the body itself.
 */
export function locatedDetails(errors: ErrorObject[], within?: 'body'): LocatedDetail[] {
  const kept = closestBranches(withoutPatternsOfMalformed(errors.filter((error) => !isBodyReparse(error))));
  return dedupe(kept.map((error) => toDetail(within === 'body' ? { ...error, instancePath: `/body${error.instancePath}` } : error)));
}

/**
 * openapi-backend parses a body that is not an object once more, as JSON, and reports its own parser's English
 * message. The body stage has parsed it already (malformed JSON never gets here), so a body that is a JSON string
 * (`"x"`) gets only what is true of it: it is not an object.
 */
function isBodyReparse(error: ErrorObject): boolean {
  return error.keyword === 'parse' && error.instancePath === '';
}

/** A value that is not even of its format (`at: "tomorrow"`) is told that, not also the pattern it then misses. */
function withoutPatternsOfMalformed(errors: ErrorObject[]): ErrorObject[] {
  const malformed = new Set(errors.filter((error) => error.keyword === 'format').map((error) => error.instancePath));
  return errors.filter((error) => error.keyword !== 'pattern' || !malformed.has(error.instancePath));
}

/** Needs Ajv's `verbose` errors, which carry the schema the keyword belongs to. */
function absenceMessage(error: ErrorObject): string | undefined {
  const schema = error.parentSchema as Record<string, unknown> | undefined;
  let field: unknown;
  if (error.keyword === 'required') {
    const properties = schema?.['properties'] as Record<string, Record<string, unknown>> | undefined;
    field = properties?.[String(error.params['missingProperty'])];
  } else if (error.keyword === 'minItems') {
    field = schema;
  }
  const message = (field as Record<string, unknown> | undefined)?.[ABSENCE_MESSAGE];
  return typeof message === 'string' ? message : undefined;
}

/**
 * A `oneOf` failure reports every branch's errors (an order item judged both as a new product and as a
 * reference). Keep only the branch the value came closest to, so the client reads what to fix, not the whole
 * schema: the branch whose fields the value uses (fewest unknown fields), then the one missing fewest fields, then
 * the one with the fewest errors.
 */
function closestBranches(errors: ErrorObject[]): ErrorObject[] {
  let kept = errors;
  for (const alternative of errors.filter((error) => error.keyword === 'oneOf' || error.keyword === 'anyOf')) {
    const prefix = `${alternative.schemaPath}/`;
    const at = alternative.instancePath;
    const byBranch = new Map<string, ErrorObject[]>();
    for (const error of kept) {
      const sameValue = error.instancePath === at || error.instancePath.startsWith(`${at}/`);
      if (!sameValue || !error.schemaPath.startsWith(prefix)) continue;
      const branch = error.schemaPath.slice(prefix.length).split('/')[0] ?? '';
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), error]);
    }
    const branches = [...byBranch.values()].sort(
      (a, b) => unknownFields(a) - unknownFields(b) || missingFields(a) - missingFields(b) || a.length - b.length,
    );
    if (branches.length === 0) continue;
    const dropped = new Set([alternative, ...branches.slice(1).flat()]);
    kept = kept.filter((error) => !dropped.has(error));
  }
  return kept;
}

function unknownFields(errors: readonly ErrorObject[]): number {
  return errors.filter((error) => error.keyword === 'additionalProperties').length;
}

/** `customer: {}` is nearer new data (any field will do) than a reference (which needs its `customerId`). */
function missingFields(errors: readonly ErrorObject[]): number {
  return errors.filter((error) => error.keyword === 'required').length;
}

function toDetail(error: ErrorObject): LocatedDetail {
  const segments = error.instancePath.split('/').slice(1).map(unescapePointer);
  const where = segments.shift();
  const missing = error.keyword === 'required' ? String(error.params['missingProperty']) : undefined;
  // A request without any body: openapi-backend reports the body itself as a missing `requestBody` property.
  if (missing === 'requestBody' && segments.length === 0) return { location: 'requestBody', path: 'body', message: 'corpo do pedido obrigatório' };
  if (missing !== undefined) segments.push(missing);
  if (error.keyword === 'additionalProperties') segments.push(String(error.params['additionalProperty']));
  const refused = error.keyword === 'not' ? documentedRefusal(error.schema) : BOUND_KEYWORDS.has(error.keyword) ? documentedRefusal(error.parentSchema) : undefined;
  if (refused) return { location: where ?? '', path: formatPath(refused.path ? [...segments, refused.path] : segments), message: refused.message };
  const path = segments.length > 0 ? formatPath(segments) : where === 'requestBody' || where === 'body' || !where ? 'body' : where;
  return { location: where ?? '', path, message: portugueseMessage(error) };
}

/** Keywords that may encode a bound the document explains in `x-detail-message` (the admin clock's range). */
const BOUND_KEYWORDS: ReadonlySet<string> = new Set(['pattern', 'minimum', 'maximum']);

/**
 * What the document says a refusal means where a bare keyword would not: a combination of fields refused with
 * `not` names, in that subschema, the field to blame and the message (`x-detail-path`, `x-detail-message`); a
 * `pattern`, `minimum` or `maximum` that encodes a bound carries the bound's message as `x-detail-message`.
 */
function documentedRefusal(schema: unknown): { path: string; message: string } | undefined {
  const extensions = (typeof schema === 'object' && schema !== null ? schema : {}) as Record<string, unknown>;
  const path = extensions['x-detail-path'] ?? '';
  const message = extensions['x-detail-message'];
  return typeof path === 'string' && typeof message === 'string' ? { path, message } : undefined;
}

/** `['products', '3', 'price']` → `products[3].price` */
function formatPath(segments: string[]): string {
  return segments.reduce((path, segment) => {
    if (/^\d+$/.test(segment)) return `${path}[${segment}]`;
    return path ? `${path}.${segment}` : segment;
  }, '');
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function dedupe(details: LocatedDetail[]): LocatedDetail[] {
  const seen = new Set<string>();
  return details.filter((detail) => {
    const key = `${detail.path}\u0000${detail.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function portugueseMessage(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'campo obrigatório';
    case 'additionalProperties':
      return 'campo não permitido';
    case 'type':
      return `deve ser do tipo ${String(p['type'])}`;
    case 'minimum':
      return `deve ser maior ou igual a ${String(p['limit'])}`;
    case 'maximum':
      return `deve ser menor ou igual a ${String(p['limit'])}`;
    case 'multipleOf':
      return 'deve ter no máximo 2 casas decimais';
    case DECIMALS_KEYWORD:
      return `deve ter no máximo ${String(error.schema)} casas decimais`;
    case 'minLength':
      return `deve ter pelo menos ${String(p['limit'])} caracteres`;
    case 'maxLength':
      return `deve ter no máximo ${String(p['limit'])} caracteres`;
    case 'minItems':
      return `deve conter pelo menos ${String(p['limit'])} item(ns)`;
    case 'maxItems':
      return `deve conter no máximo ${String(p['limit'])} itens`;
    case 'minProperties':
      return `deve conter pelo menos ${String(p['limit'])} campo(s)`;
    case 'maxProperties':
      return `deve conter no máximo ${String(p['limit'])} campos`;
    case 'enum':
      return `deve ser um de: ${(p['allowedValues'] as unknown[]).join(', ')}`;
    case 'format':
      return `formato inválido (${String(p['format'])})`;
    case 'pattern':
      return 'formato inválido';
    case 'oneOf':
    case 'anyOf':
      return 'não corresponde a nenhuma das formas aceites';
    default:
      return error.message ?? 'valor inválido';
  }
}
