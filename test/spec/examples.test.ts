/**
 * Every example of spec/openapi.yaml (media types, parameters, headers, schemas) validates against its schema,
 * and the order examples respect the money invariants of the mock.
 */
import { describe, it, expect } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { createSchemaAjv, deref, isObject, loadSpec, type JsonObject } from './openapi-doc.ts';

const ajv = createSchemaAjv();

const validators = new Map<unknown, ValidateFunction>();
function validatorFor(schema: JsonObject): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** Validation errors of `value` against an (already dereferenced) OpenAPI 3.0 schema; [] when valid. */
function exampleErrors(schema: JsonObject, value: unknown): string[] {
  const validate = validatorFor(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
}

interface ExampleCase {
  where: string;
  schema: JsonObject;
  value: unknown;
}

const SCHEMA_CHILD_LISTS = ['oneOf', 'anyOf', 'allOf'] as const;

/**
 * Schema-level `example`s of a raw (not dereferenced) schema. `$ref` nodes are skipped: their targets are
 * visited once, where they are defined under components.schemas.
 */
function collectSchemaExamples(raw: unknown, where: string, out: ExampleCase[]): void {
  if (!isObject(raw) || typeof raw.$ref === 'string') return;
  if ('example' in raw) out.push({ where: `${where} (schema example)`, schema: resolve(raw), value: raw.example });
  if (isObject(raw.properties)) {
    for (const [name, child] of Object.entries(raw.properties)) collectSchemaExamples(child, `${where}.${name}`, out);
  }
  if (isObject(raw.items)) collectSchemaExamples(raw.items, `${where}[]`, out);
  if (isObject(raw.additionalProperties)) collectSchemaExamples(raw.additionalProperties, `${where}{*}`, out);
  if (isObject(raw.not)) collectSchemaExamples(raw.not, `${where}!`, out);
  for (const key of SCHEMA_CHILD_LISTS) {
    const list = raw[key];
    if (Array.isArray(list)) list.forEach((child, i) => collectSchemaExamples(child, `${where}.${key}[${i}]`, out));
  }
}

/**
 * Walks the raw document, so that every example is checked once, where it is written. Any object with a
 * `schema` is a media type, parameter or header: its `example` / `examples.*.value` are checked against the
 * dereferenced schema. Schemas under components.schemas and inline schemas contribute their own examples.
 */
function collectExamples(node: unknown, where: string, out: ExampleCase[]): void {
  if (Array.isArray(node)) {
    node.forEach((child, i) => collectExamples(child, `${where}[${i}]`, out));
    return;
  }
  if (!isObject(node)) return;
  if (isObject(node.schema)) {
    const schema = resolve(node.schema);
    if ('example' in node) out.push({ where: `${where} example`, schema, value: node.example });
    if (isObject(node.examples)) {
      for (const [name, example] of Object.entries(node.examples)) {
        const resolvedExample = isObject(example) && typeof example.$ref === 'string' ? resolve(example) : example;
        if (!isObject(resolvedExample) || !('value' in resolvedExample)) {
          throw new Error(`${where} examples.${name} has no value`);
        }
        out.push({ where: `${where} examples.${name}`, schema, value: resolvedExample.value });
      }
    }
    collectSchemaExamples(node.schema, `${where} schema`, out);
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === 'schema' || key === 'example' || key === 'examples') continue;
    if (key === 'schemas' && where === 'components' && isObject(child)) {
      for (const [name, schema] of Object.entries(child)) collectSchemaExamples(schema, `components.schemas.${name}`, out);
      continue;
    }
    collectExamples(child, where ? `${where}.${key}` : key, out);
  }
}

const doc = loadSpec();
const resolved = deref(doc) as JsonObject;
function resolve(node: JsonObject): JsonObject {
  return deref(doc, node) as JsonObject;
}
const cases: ExampleCase[] = [];
collectExamples(doc, '', cases);

describe('examples of spec/openapi.yaml', () => {
  it('finds the examples (the walk is not vacuous)', () => {
    expect(cases.length).toBeGreaterThan(80);
    const orderExamples = cases.filter((c) => c.where.startsWith('paths./orders.post.requestBody'));
    for (const name of [
      'newCustomerAndItems',
      'existingCustomerAndProducts',
      'withShippingAddress',
      'shippingAndDeliveryDisabled',
      'withShippingCost',
    ]) {
      expect(orderExamples.some((c) => c.where.endsWith(`examples.${name}`)), name).toBe(true);
    }
  });

  it.each(cases.map((c) => [c.where, c] as const))('%s validates against its schema', (_where, c) => {
    expect(exampleErrors(c.schema, c.value)).toEqual([]);
  });

  it('rejects deliberately broken examples (the validator is not a no-op)', () => {
    const schemas = (resolved.components as JsonObject).schemas as JsonObject;
    const orderInput = schemas.OrderInput as JsonObject;
    const good = {
      customer: { customerId: 'cus_5Hq9LmR2vX' },
      items: [{ productId: 'prod_8f3K2m9QxL', quantity: 2 }],
    };
    expect(exampleErrors(orderInput, good)).toEqual([]);
    expect(exampleErrors(orderInput, { ...good, items: [] })).not.toEqual([]);
    expect(exampleErrors(orderInput, { ...good, shippingCost: 10.005 })).not.toEqual([]);
    expect(exampleErrors(orderInput, { ...good, unknownField: true })).not.toEqual([]);
    expect(exampleErrors(orderInput, { ...good, items: [{ productId: 'prod_8f3K2m9QxL', quantity: 0 }] })).not.toEqual([]);

    const product = schemas.Product as JsonObject;
    const brokenProduct = { id: 'ord_wrongPrefix', name: 'Capulana', price: 1500, createdAt: 'yesterday', updatedAt: 'now' };
    const errors = exampleErrors(product, brokenProduct);
    expect(errors.some((e) => e.startsWith('/id'))).toBe(true);
    expect(errors.some((e) => e.startsWith('/createdAt'))).toBe(true);

    const tokenSummary = schemas.TokenSummary as JsonObject;
    const summary = { id: 'tok_1Aa2Bb3Cc4', tokenHint: 'Js0WaZ', issuedAt: '2025-03-14T09:30:00.000Z', expiresAt: '2025-03-14T10:30:00.000Z' };
    expect(exampleErrors(tokenSummary, { ...summary, lastUsedAt: null })).toEqual([]);
    expect(exampleErrors(tokenSummary, { ...summary, lastUsedAt: 42 })).not.toEqual([]);
  });

  it('accepts two-decimal prices that are inexact in binary floating point', () => {
    const money = ((resolved.components as JsonObject).schemas as JsonObject).Money as JsonObject;
    for (const price of [0.07, 0.29, 19.99, 1500.1, 3350.55, 999999999.99]) expect(exampleErrors(money, price)).toEqual([]);
    expect(exampleErrors(money, 0.001)).not.toEqual([]);
    expect(exampleErrors(money, -1)).not.toEqual([]);
  });
});

const centavos = (n: unknown): number => {
  if (typeof n !== 'number') throw new Error(`not a number: ${String(n)}`);
  return Math.round(n * 100);
};

describe('invariants of the order examples', () => {
  const orderCases = cases.filter((c) => isObject(c.value) && c.value.data !== undefined);
  const orders: Array<[string, JsonObject]> = [];
  const statuses: Array<[string, JsonObject]> = [];
  for (const c of orderCases) {
    const data = (c.value as JsonObject).data;
    for (const record of Array.isArray(data) ? data : [data]) {
      if (!isObject(record)) continue;
      if (typeof record.orderId === 'string' && Array.isArray(record.items)) orders.push([c.where, record]);
      if (typeof record.orderId === 'string' && isObject(record.order)) statuses.push([c.where, record]);
    }
  }

  it('finds order and order-status examples', () => {
    expect(orders.length).toBeGreaterThanOrEqual(4);
    expect(statuses.length).toBeGreaterThanOrEqual(2);
  });

  it.each(orders)('%s: totals add up and ids agree', (_where, order) => {
    const items = order.items as JsonObject[];
    for (const item of items) expect(centavos(item.total)).toBe(centavos(item.price) * (item.quantity as number));
    const subtotal = items.reduce((sum, item) => sum + centavos(item.total), 0);
    expect(centavos(order.subtotal)).toBe(subtotal);
    expect(centavos(order.amount)).toBe(subtotal + centavos(order.shippingCost));
    expect(order.orderId).toBe(order.id);
    expect(order.checkout).toBe(`http://localhost:4010/checkout/${String(order.id)}`);
    const history = order.statusHistory as JsonObject[];
    expect(history.at(-1)?.status).toBe(order.status);
    if (order.shippingAddressDisabled === true) expect(order.shippingAddress).toBeUndefined();
  });

  it.each(statuses)('%s: status equals order.status', (_where, status) => {
    const order = status.order as JsonObject;
    expect(status.status).toBe(order.status);
    expect(status.orderId).toBe(order.orderId);
    expect(order.id).toBe(order.orderId);
    expect(centavos(status.amount)).toBe(centavos(order.amount));
  });
});
