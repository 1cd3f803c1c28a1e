/**
 * Validation details as a client reads them: Ajv's errors for a request turned into field paths
 * (`products[0].price`), Portuguese messages, one entry per problem, and a message of the document's own where a
 * field's absence has one (`x-message-when-absent`).
 */
import { describe, expect, it } from 'vitest';
import { validationFailure } from '../../src/openapi/validation-details.ts';
import { sharedRouter } from '../support/shared-router.ts';

const router = await sharedRouter();

function failureOf(method: string, path: string, body: unknown, query: Record<string, string> = {}) {
  const operation = router.match(method, path);
  if (!operation) throw new Error(`no operation for ${method} ${path}`);
  const outcome = router.validate({ method, path, query, headers: { 'content-type': 'application/json' }, body }, operation);
  if (outcome.ok) throw new Error('the request is valid');
  return validationFailure(outcome.errors);
}

describe('validation details', () => {
  it('an order with an empty item list: the document\'s own message', () => {
    const failure = failureOf('POST', '/orders', { customer: { name: 'Ana' }, items: [] });
    expect(failure).toMatchObject({ reason: 'documented_absence', message: 'Pedido deve conter pelo menos um item' });
    expect(failure.details).toEqual([{ path: 'items', message: 'deve conter pelo menos 1 item(ns)' }]);
  });

  it('an order without items: the same message, the field named as required', () => {
    const failure = failureOf('POST', '/orders', { customer: { name: 'Ana' } });
    expect(failure.message).toBe('Pedido deve conter pelo menos um item');
    expect(failure.details).toEqual([{ path: 'items', message: 'campo obrigatório' }]);
  });

  it('another missing field keeps the catalogue message', () => {
    const failure = failureOf('POST', '/products/create', { price: 10 });
    expect(failure).toMatchObject({ reason: 'invalid_request', message: 'Parâmetros inválidos' });
    expect(failure.details).toEqual([{ path: 'name', message: 'campo obrigatório' }]);
  });

  it('a field of a batch record, by index: products[1].price', () => {
    const failure = failureOf('POST', '/products/sync/batch', {
      products: [
        { originProductId: 'A', name: 'A', price: 1 },
        { originProductId: 'B', name: 'B', price: 1.005 },
      ],
    });
    expect(failure.details).toEqual([{ path: 'products[1].price', message: 'deve ter no máximo 2 casas decimais' }]);
  });

  it.each([1.0000001, 0.30000000000000004, 2.001, 1e-7])('money with more than 2 decimals (%s): refused, once', (price) => {
    expect(failureOf('POST', '/products/create', { name: 'A', price }).details).toEqual([
      { path: 'price', message: 'deve ter no máximo 2 casas decimais' },
    ]);
  });

  it.each([0, 0.3, 19.99, 10000000.02, 999999999.99, 1e9])('money with at most 2 decimals (%s): accepted', (price) => {
    const operation = router.match('POST', '/products/create');
    if (!operation) throw new Error('no createProduct');
    expect(router.validate({ method: 'POST', path: '/products/create', query: {}, headers: {}, body: { name: 'A', price } }, operation).ok).toBe(true);
  });

  it('an unknown field and a wrong type, each once', () => {
    const failure = failureOf('POST', '/customers', { name: 7, nickname: 'x' });
    expect(failure.details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'deve ser do tipo string' },
        { path: 'nickname', message: 'campo não permitido' },
      ]),
    );
    expect(failure.details).toHaveLength(2);
  });

  it('a body that is a JSON string: not an object, in Portuguese, once', () => {
    expect(failureOf('POST', '/customers', 'x').details).toEqual([{ path: 'body', message: 'deve ser do tipo object' }]);
  });

  it('no body at all: the body itself', () => {
    expect(failureOf('POST', '/customers', undefined).details).toEqual([{ path: 'body', message: 'corpo do pedido obrigatório' }]);
  });

  it('a query parameter: by its name', () => {
    const failure = failureOf('GET', '/products', undefined, { limit: '500' });
    expect(failure.details).toEqual([{ path: 'limit', message: 'deve ser menor ou igual a 100' }]);
  });

  it('one of two forms sharing a field: only the form the item uses (new data with a fractional quantity)', () => {
    const failure = failureOf('POST', '/orders', {
      customer: { name: 'Ana' },
      items: [{ originProductId: 'P', name: 'Caju', price: 1, quantity: 1.5 }],
    });
    expect(failure.details).toEqual([{ path: 'items[0].quantity', message: 'deve ser do tipo integer' }]);
  });

  it('an empty customer: what new data lacks (any field), not a reference\'s customerId', () => {
    const failure = failureOf('POST', '/orders', { customer: {}, items: [{ productId: 'prod_1', quantity: 1 }] });
    expect(failure.details).toEqual([{ path: 'customer', message: 'deve conter pelo menos 1 campo(s)' }]);
  });

  it('one of two forms: only the form the value came closest to (a reference with an unknown field)', () => {
    const failure = failureOf('POST', '/orders', { customer: { customerId: 'cus_1', extra: 1 }, items: [{ productId: 'prod_1', quantity: 1 }] });
    expect(failure.details?.map((detail) => detail.path)).toContain('customer.extra');
    expect(failure.details?.map((detail) => detail.path)).not.toContain('customer.name');
  });
});
