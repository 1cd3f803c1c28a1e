/**
 * Every operation declares the statuses the mock can send on it, every success has an example, and every
 * response declares the headers the mock always sends.
 */
import { describe, it, expect } from 'vitest';
import { follow, isObject, loadSpec, operations, type JsonObject } from './openapi-doc.ts';

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

describe('declared statuses', () => {
  it.each(table)('%s declares 405, 429, 500 and 401', (id, operation) => {
    const statuses = Object.keys(responsesOf(operation));
    for (const status of ['405', '429', '500']) expect(statuses, status).toContain(status);
    if (isSecured(operation) || TOKEN_OPS.has(id)) expect(statuses).toContain('401');
  });

  it.each(table)('%s declares 413 when it takes a body, 404 when it reads by id', (_id, operation) => {
    const statuses = Object.keys(responsesOf(operation));
    if (operation.requestBody !== undefined) expect(statuses).toContain('413');
    const params = Array.isArray(operation.parameters) ? operation.parameters.map((p) => follow(doc, p)) : [];
    if (params.some((p) => isObject(p) && p.in === 'path')) expect(statuses).toContain('404');
  });

  it.each(table)('%s declares a success (2xx)', (_id, operation) => {
    const successes = Object.keys(responsesOf(operation)).filter((s) => /^2\d\d$/.test(s));
    expect(successes.length).toBeGreaterThan(0);
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

  it.each(rows)('%s %s declares its status-specific headers', (_id, status, response) => {
    if (status === '401') expect(headerOf(response, 'WWW-Authenticate')?.required).toBe(true);
    if (status === '405') expect(headerOf(response, 'Allow')?.required).toBe(true);
    if (status === '429') expect(headerOf(response, 'Retry-After')?.required).toBe(true);
  });

  it.each(rows)('%s %s error bodies use the Error schema', (_id, status, response) => {
    if (!/^[45]\d\d$/.test(status)) return;
    const media = (response.content as JsonObject)['application/json'] as JsonObject;
    expect(media.schema).toEqual({ $ref: '#/components/schemas/Error' });
  });
});
