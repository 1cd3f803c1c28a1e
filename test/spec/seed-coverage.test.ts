/**
 * The document covers exactly the seed's operations (plus the mock's two additions), with well-formed
 * operationIds and bearer auth everywhere except token issuance and refresh.
 */
import { describe, it, expect } from 'vitest';
import { apiPrefixes } from '../../src/openapi/spec-document.ts';
import { canonicalPrefix, isObject, loadSpec, operations, type JsonObject } from '../support/openapi-doc.ts';

/** Seed §Endpoints, "Endpoints with a stated method". */
const STATED_METHOD = [
  'POST /v1/auth/token',
  'POST /v1/auth/token/refresh',
  'POST /v1/auth/token/revoke',
  'GET /v1/products',
  'POST /v1/orders',
  'GET /v1/orders/{order_id}',
  'GET /v1/orders/{order_id}/status',
  'GET /v1/payments', // seed: GET /api/v1/payments ("example protected call"); an addition of the mock
];

/** Seed §Endpoints, "Endpoints whose method is not stated", with the methods the mock chose. */
const METHOD_NOT_STATED = [
  'GET /v1/auth/token/list',
  'POST /v1/products/create',
  'GET /v1/products/{product_id}',
  'POST /v1/products/sync',
  'POST /v1/products/sync/batch',
  'POST /v1/customers',
  'GET /v1/customers',
  'GET /v1/customers/{customer_id}',
  'POST /v1/customers/sync',
  'POST /v1/customers/sync/batch',
  'POST /v1/plans',
  'GET /v1/plans',
  'GET /v1/plans/{plan_id}',
  'POST /v1/plans/sync',
  'POST /v1/plans/sync/batch',
  'POST /v1/subscriptions', // both seed rows: "from new data" and "from existing records"
  'POST /v1/subscriptions/sync',
  'GET /v1/subscriptions',
  'GET /v1/subscriptions/{subscription_id}',
  'GET /v1/orders',
];

/** POST on the product collection is an alias of /products/create. */
const CONTRACT_ADDITIONS = ['POST /v1/products'];

const EXPECTED = [...STATED_METHOD, ...METHOD_NOT_STATED, ...CONTRACT_ADDITIONS];
const OPERATION_ID = /^(issue|refresh|revoke|list|create|get|sync)[A-Z]\w*$/;
const UNAUTHENTICATED = new Set(['issueToken', 'refreshToken']);

const doc = loadSpec();
const prefix = canonicalPrefix(doc);
const ops = operations(doc);
const documented = ops.map((o) => `${o.method.toUpperCase()} ${prefix}${o.path}`);

function effectiveSecurity(operation: JsonObject): unknown[] {
  const security = operation.security ?? doc.security;
  if (!Array.isArray(security)) throw new Error(`security of ${String(operation.operationId)} is not a list`);
  return security;
}

describe('seed coverage', () => {
  it('uses /v1 as the canonical server prefix', () => {
    expect(prefix).toBe('/v1');
  });

  it('lists the three path forms as servers: /v1 canonical, /api/v1 and /api aliases (docs/assumptions.md)', () => {
    const servers = Array.isArray(doc.servers) ? doc.servers : [];
    const paths = servers.map((server) => (isObject(server) ? new URL(String(server.url)).pathname.replace(/\/$/, '') : ''));
    expect(paths).toEqual(['/v1', '/api/v1', '/api']);
  });

  it('states the path forms only in servers, which is what the router reads', () => {
    // No hand-written copy (such as an x-path-aliases extension) that could disagree with servers.
    expect(Object.keys(doc).filter((key) => /alias|prefix/i.test(key))).toEqual([]);
    expect(isObject(doc.info) && Object.keys(doc.info).filter((key) => key.startsWith('x-'))).toEqual([]);
    expect(apiPrefixes()).toEqual(['/api/v1', '/api', '/v1']);
  });

  it('has no duplicates in the hand-written list', () => {
    expect(new Set(EXPECTED).size).toBe(EXPECTED.length);
  });

  it.each(EXPECTED)('documents %s', (operation) => {
    expect(documented).toContain(operation);
  });

  it('documents no operation beyond the list', () => {
    expect(documented.filter((o) => !EXPECTED.includes(o))).toEqual([]);
  });

  it('marks the operations whose method the seed does not state, and the CONTRACT additions, as assumed', () => {
    const unmarked = ops
      .filter((o) => [...METHOD_NOT_STATED, ...CONTRACT_ADDITIONS, 'GET /v1/payments'].includes(`${o.method.toUpperCase()} ${prefix}${o.path}`))
      .filter((o) => o.operation['x-assumed'] !== true)
      .map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(unmarked).toEqual([]);
  });
});

describe('operationIds', () => {
  const ids = ops.map((o) => o.operation.operationId);

  it('every operation has a unique operationId', () => {
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(ops.map((o) => [String(o.operation.operationId), o.method, o.path] as const))(
    '%s (%s %s) is camelCase verb form',
    (id) => {
      expect(id).toMatch(OPERATION_ID);
    },
  );
});

describe('security', () => {
  it.each(ops.map((o) => [String(o.operation.operationId), o.operation] as const))('%s', (id, operation) => {
    const security = effectiveSecurity(operation);
    if (UNAUTHENTICATED.has(id)) {
      // Callable without a bearer token: either no requirement at all or an anonymous alternative `{}`.
      expect(security.every((req) => isObject(req) && !('bearerAuth' in req))).toBe(true);
      expect(security.length === 0 || security.some((req) => isObject(req) && Object.keys(req).length === 0)).toBe(true);
    } else {
      expect(security.length).toBeGreaterThan(0);
      expect(security.every((req) => isObject(req) && 'bearerAuth' in req)).toBe(true);
    }
  });
});
