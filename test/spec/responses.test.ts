/**
 * Every operation declares the statuses the mock can send on it, each error status as a `$ref` to the shared
 * response for it (whose examples are answers of the mock's error catalogue), every success has an example, and
 * every response declares the headers the mock always sends.
 */
import { describe, it, expect } from 'vitest';
import { ERRORS } from '../../src/errors/failures.ts';
import { follow, isObject, loadSpec, operations, type JsonObject } from '../support/openapi-doc.ts';

const doc = loadSpec();
const ops = operations(doc);
const TOKEN_OPS = new Set(['issueToken', 'refreshToken']);

function responsesOf(operation: JsonObject): Record<string, JsonObject> {
  const responses = operation.responses;
  if (!isObject(responses)) throw new Error(`${String(operation.operationId)} has no responses`);
  const out: Record<string, JsonObject> = {};
  for (const [status, response] of Object.entries(responses)) {
    const resolved = follow(doc, response);
    if (!isObject(resolved)) throw new Error(`${String(operation.operationId)} ${status} is not an object`);
    out[status] = resolved;
  }
  return out;
}

function headerOf(response: JsonObject, name: string): JsonObject | undefined {
  const headers = isObject(response.headers) ? response.headers : {};
  const header = follow(doc, headers[name]);
  return isObject(header) ? header : undefined;
}

function isSecured(operation: JsonObject): boolean {
  const security = operation.security ?? doc.security;
  return Array.isArray(security) && security.some((req) => isObject(req) && Object.keys(req).length > 0);
}

const table = ops.map((o) => [String(o.operation.operationId), o.operation] as const);

/** The operations that read one record by a path id: the only ones that can answer 404 `not_found`. */
const READS_BY_ID = new Set(['getProduct', 'getCustomer', 'getPlan', 'getSubscription', 'getOrder', 'getOrderStatus']);

/**
 * The shared response each error status must point at. Operations with their own 400 rules point at a
 * dedicated (x-assumed) 400 component; every other operation at the generic BadRequest.
 */
const SPECIAL_400: Record<string, string> = {
  issueToken: 'TokenBadRequest',
  refreshToken: 'TokenBadRequest',
  revokeToken: 'RevokeBadRequest',
  createProduct: 'CreateBadRequest',
  createProductAtCollection: 'CreateBadRequest',
  createCustomer: 'CreateBadRequest',
  createPlan: 'CreateBadRequest',
  createSubscription: 'SubscriptionCreateBadRequest',
  syncSubscription: 'ReferenceBadRequest',
  createOrder: 'OrderBadRequest',
};

function expectedComponent(id: string, status: string): string | undefined {
  switch (status) {
    case '400':
      return SPECIAL_400[id] ?? 'BadRequest';
    case '401':
      return TOKEN_OPS.has(id) ? 'TokenUnauthorized' : 'Unauthorized';
    case '403':
      return 'Forbidden';
    case '404':
      return 'NotFound';
    case '405':
      return 'MethodNotAllowed';
    case '413':
      return 'PayloadTooLarge';
    case '415':
      return 'UnsupportedMediaType';
    case '429':
      return 'TooManyRequests';
    case '500':
      return 'InternalError';
    case '503':
      return 'ServiceUnavailable';
    default:
      return undefined;
  }
}

/** The raw (not followed) response objects of an operation. */
function rawResponsesOf(operation: JsonObject): Record<string, unknown> {
  return isObject(operation.responses) ? operation.responses : {};
}

describe('declared statuses', () => {
  it.each(table)('%s declares 400, 403, 405, 429, 500 and 503, and 401 when secured or a token call', (id, operation) => {
    const statuses = Object.keys(responsesOf(operation));
    for (const status of ['400', '403', '405', '429', '500', '503']) expect(statuses, status).toContain(status);
    if (isSecured(operation) || TOKEN_OPS.has(id)) expect(statuses).toContain('401');
  });

  it.each(table)('%s declares 413 exactly when it takes a body', (_id, operation) => {
    const statuses = Object.keys(responsesOf(operation));
    expect(statuses.includes('413')).toBe(operation.requestBody !== undefined);
  });

  it.each(table)('%s declares 404 exactly when it reads one record by id (get-by-id and status)', (id, operation) => {
    const statuses = Object.keys(responsesOf(operation));
    expect(statuses.includes('404')).toBe(READS_BY_ID.has(id));
    const params = Array.isArray(operation.parameters) ? operation.parameters.map((p) => follow(doc, p)) : [];
    expect(params.some((p) => isObject(p) && p.in === 'path')).toBe(READS_BY_ID.has(id));
  });

  it('lists every read-by-id operation of the document', () => {
    const ids = new Set(table.map(([id]) => id));
    for (const id of READS_BY_ID) expect(ids, id).toContain(id);
    for (const id of Object.keys(SPECIAL_400)) expect(ids, id).toContain(id);
  });

  it.each(table)('%s declares a success (2xx)', (_id, operation) => {
    const successes = Object.keys(responsesOf(operation)).filter((s) => /^2\d\d$/.test(s));
    expect(successes.length).toBeGreaterThan(0);
  });
});

describe('error responses', () => {
  const rows = table.flatMap(([id, operation]) =>
    Object.entries(rawResponsesOf(operation))
      .filter(([status]) => /^[45]\d\d$/.test(status))
      .map(([status, response]) => [id, status, response] as const),
  );

  it('are found (the walk is not vacuous)', () => {
    expect(rows.length).toBeGreaterThan(table.length * 5);
  });

  it.each(rows)('%s %s is a $ref to the shared components/responses entry for its status', (id, status, response) => {
    expect(isObject(response) && Object.keys(response)).toEqual(['$ref']);
    expect((response as JsonObject).$ref).toBe(`#/components/responses/${expectedComponent(id, status) ?? '?'}`);
  });

  const components = isObject(doc.components) && isObject(doc.components.responses) ? doc.components.responses : {};
  /** status of each shared error response, from the operations that use it */
  const statusOf = new Map<string, string>();
  for (const [, status, response] of rows) {
    const ref = isObject(response) ? String(response.$ref) : '';
    statusOf.set(ref.replace('#/components/responses/', ''), status);
  }

  it('every shared response is used by some operation', () => {
    expect(Object.keys(components).filter((name) => !statusOf.has(name))).toEqual([]);
  });

  const exampleRows = [...statusOf.entries()].flatMap(([name, status]) => {
    const response = components[name];
    const media = isObject(response) && isObject(response.content) ? response.content['application/json'] : undefined;
    const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
    return Object.entries(examples).map(([example, value]) => [`${name} (${status}) ${example}`, status, follow(doc, value)] as const);
  });

  /** Messages of a field's absence, stated in the document itself (`x-message-when-absent`), sent as 400 invalid_request. */
  const absenceMessages = new Set<string>();
  const collectAbsenceMessages = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collectAbsenceMessages);
    if (!isObject(node)) return;
    if (typeof node['x-message-when-absent'] === 'string') absenceMessages.add(node['x-message-when-absent']);
    Object.values(node).forEach(collectAbsenceMessages);
  };
  collectAbsenceMessages(doc);

  it.each(exampleRows)('%s is an answer the mock can send (ERRORS catalogue or x-message-when-absent)', (_where, status, example) => {
    const body = isObject(example) && isObject(example.value) ? example.value : {};
    const known = Object.values(ERRORS).filter((entry) => String(entry.status) === status && entry.code === body.error);
    expect(known.length, `${status} ${String(body.error)}`).toBeGreaterThan(0);
    const fromDocument = status === '400' && body.error === 'invalid_request' ? [...absenceMessages] : [];
    expect([...known.map((entry) => entry.message), ...fromDocument]).toContain(body.message);
  });

  it('document the refusals of create: merchant key already used', () => {
    const detailPaths = (name: string): string[] =>
      exampleRows
        .filter(([where]) => where.startsWith(`${name} `))
        .flatMap(([, , example]) => {
          const body = isObject(example) && isObject(example.value) ? example.value : {};
          return Array.isArray(body.details) ? body.details.map((d) => (isObject(d) ? String(d.path) : '')) : [];
        });
    expect(detailPaths('CreateBadRequest').some((path) => ['originProductId', 'merchantCustomerId', 'originPlanId'].includes(path))).toBe(true);
    expect(detailPaths('SubscriptionCreateBadRequest')).toContain('originSubscriptionId');
    expect(detailPaths('SubscriptionCreateBadRequest').some((path) => /(planId|customerId)$/.test(path))).toBe(true);
    expect(detailPaths('ReferenceBadRequest').some((path) => /(planId|customerId)$/.test(path))).toBe(true);
    expect(detailPaths('OrderBadRequest')).toEqual(expect.arrayContaining(['items', 'shippingAddress']));
  });
});

describe('success examples', () => {
  const rows = table.flatMap(([id, operation]) =>
    Object.entries(responsesOf(operation))
      .filter(([status]) => /^2\d\d$/.test(status))
      .map(([status, response]) => [id, status, response] as const),
  );

  it.each(rows)('%s %s has an example for every media type', (_id, _status, response) => {
    const content = isObject(response.content) ? response.content : {};
    expect(Object.keys(content).length).toBeGreaterThan(0);
    for (const media of Object.values(content)) {
      expect(isObject(media)).toBe(true);
      const m = media as JsonObject;
      const named = isObject(m.examples) ? Object.keys(m.examples).length : 0;
      expect(m.example !== undefined || named > 0).toBe(true);
    }
  });
});

describe('response headers', () => {
  const rows = table.flatMap(([id, operation]) =>
    Object.entries(responsesOf(operation)).map(([status, response]) => [id, status, response] as const),
  );

  it.each(rows)('%s %s declares X-Request-Id and the RateLimit headers', (_id, _status, response) => {
    expect(headerOf(response, 'X-Request-Id')?.required).toBe(true);
    for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) {
      expect(headerOf(response, name), name).toBeDefined();
    }
  });

  /** Headers a status always carries besides the common ones. */
  const STATUS_HEADER: Record<string, string> = { '401': 'WWW-Authenticate', '405': 'Allow', '429': 'Retry-After' };
  const statusHeaderRows = rows.flatMap(([id, status, response]) => {
    const header = STATUS_HEADER[status];
    return header ? [[id, status, header, response] as const] : [];
  });

  it('every 401, 405 and 429 of every operation is checked for its header (the walk is not vacuous)', () => {
    expect(statusHeaderRows.length).toBeGreaterThanOrEqual(table.length * 2);
  });

  it.each(statusHeaderRows)('%s %s declares %s as required', (_id, _status, header, response) => {
    expect(headerOf(response, header)?.required).toBe(true);
  });

  const errorRows = rows.filter(([, status]) => /^[45]\d\d$/.test(status));

  it.each(errorRows)('%s %s error bodies use the Error schema', (_id, _status, response) => {
    const media = (response.content as JsonObject)['application/json'] as JsonObject;
    expect(media.schema).toEqual({ $ref: '#/components/schemas/Error' });
  });
});
