/** Rule matching (pure): path patterns, and each condition of a rule's match. */
import { describe, expect, it } from 'vitest';
import { pathPattern } from '../../src/scenarios/path-pattern.ts';
import { fieldAt, matches, pathParams, type RequestFacts } from '../../src/scenarios/rule-match.ts';

const facts = (overrides: Partial<RequestFacts> = {}): RequestFacts => ({
  method: 'POST',
  path: '/v1/orders',
  operationId: 'createOrder',
  clientId: 'mock-client',
  authenticated: true,
  headers: { 'x-test': 'yes' },
  body: { items: [{ quantity: 2 }], customer: { name: 'Ana' } },
  ...overrides,
});

describe('path patterns', () => {
  it('* is one segment, ** any number of them', () => {
    expect(pathPattern('/v1/orders/*/status').test('/v1/orders/ord_1/status')).toBe(true);
    expect(pathPattern('/v1/orders/*/status').test('/v1/orders/a/b/status')).toBe(false);
    expect(pathPattern('/v1/**').test('/v1/orders/ord_1/status')).toBe(true);
    expect(pathPattern('/v1/**').test('/v1')).toBe(true);
    expect(pathPattern('/v1/prod*').test('/v1/products')).toBe(true);
    expect(pathPattern('/v1/products').test('/v1/products/')).toBe(true);
    expect(pathPattern('/v1/products').test('/v1/productsX')).toBe(false);
  });

  it('takes regular-expression characters literally', () => {
    expect(pathPattern('/v1/a.b').test('/v1/aXb')).toBe(false);
    expect(pathPattern('/v1/(x)').test('/v1/(x)')).toBe(true);
  });
});

describe('rule match', () => {
  it('an empty match matches every request', () => {
    expect(matches({}, facts())).toBe(true);
  });

  it('checks each condition given, all of them', () => {
    expect(matches({ method: 'POST', operation: 'createOrder', client: 'mock-client' }, facts())).toBe(true);
    expect(matches({ method: ['GET', 'HEAD'] }, facts())).toBe(false);
    expect(matches({ operation: ['listOrders', 'createOrder'] }, facts())).toBe(true);
    expect(matches({ operation: 'createOrder' }, facts({ operationId: undefined }))).toBe(false);
    expect(matches({ client: 'other' }, facts())).toBe(false);
    expect(matches({ authenticated: false }, facts())).toBe(false);
    expect(matches({ headers: { 'X-Test': 'yes' } }, facts())).toBe(true);
    expect(matches({ headers: { 'X-Test': 'no' } }, facts())).toBe(false);
    expect(matches({ body: { 'items.0.quantity': 2, 'customer.name': 'Ana' } }, facts())).toBe(true);
    expect(matches({ body: { 'items.0.quantity': 3 } }, facts())).toBe(false);
    expect(matches({ path: '/v1/orders', method: 'POST' }, facts())).toBe(true);
  });

  it('reads dotted body fields without reaching into prototypes', () => {
    expect(fieldAt({ a: { b: [1, { c: 'x' }] } }, 'a.b.1.c')).toBe('x');
    expect(fieldAt({ a: 1 }, 'a.b')).toBeUndefined();
    expect(fieldAt({}, 'constructor')).toBeUndefined();
    expect(fieldAt('text', 'length')).toBeUndefined();
  });

  it('aligns path parameters with the template', () => {
    expect(pathParams('/orders/{order_id}/status', '/orders/ord%201/status')).toEqual({ order_id: 'ord 1' });
  });
});
