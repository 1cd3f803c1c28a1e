/**
 * Every example of spec/openapi.yaml (media types, parameters, headers, schemas) validates against its schema,
 * response examples use only the properties their schema declares, the seed's request variants each have their
 * named example, list examples are in list order, and the order examples respect the money invariants of the mock.
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

/** The value of a named request example of an operation (`paths./orders.post.requestBody…examples.<name>`). */
function requestExample(path: string, method: string, name: string): JsonObject {
  const found = cases.filter(
    (c) => c.where.startsWith(`paths.${path}.${method}.requestBody.content.application/json `) && c.where.endsWith(` examples.${name}`),
  );
  expect(found.length, `${method.toUpperCase()} ${path} example ${name}`).toBe(1);
  const value = found[0]?.value;
  if (!isObject(value)) throw new Error(`${path} ${name} is not an object`);
  return value;
}

const objects = (value: unknown): JsonObject[] => (Array.isArray(value) ? value.filter(isObject) : []);
const isNewItem = (item: JsonObject): boolean =>
  !('productId' in item) && typeof item.name === 'string' && typeof item.price === 'number' && typeof item.quantity === 'number';
const isProductItem = (item: JsonObject): boolean =>
  typeof item.productId === 'string' && typeof item.quantity === 'number' && Object.keys(item).length === 2;
const isReference = (node: unknown, key: string): boolean =>
  isObject(node) && typeof node[key] === 'string' && Object.keys(node).length === 1;

describe('examples of spec/openapi.yaml', () => {
  it('finds the examples (the walk is not vacuous)', () => {
    expect(cases.length).toBeGreaterThan(80);
  });

  describe("the seed's five order variants each have their named createOrder example", () => {
    it('newCustomerAndItems: new customer data, every item new data (the "new data" item form)', () => {
      const order = requestExample('/orders', 'post', 'newCustomerAndItems');
      expect(isObject(order.customer) && !('customerId' in order.customer)).toBe(true);
      const items = objects(order.items);
      expect(items.length).toBeGreaterThan(0);
      expect(items.every(isNewItem)).toBe(true);
      expect(items.every((item) => typeof item.originProductId === 'string')).toBe(true);
    });

    it('existingCustomerAndProducts: {customerId}, every item {productId, quantity} (the "existing product" item form)', () => {
      const order = requestExample('/orders', 'post', 'existingCustomerAndProducts');
      expect(isReference(order.customer, 'customerId')).toBe(true);
      const items = objects(order.items);
      expect(items.length).toBeGreaterThan(0);
      expect(items.every(isProductItem)).toBe(true);
    });

    it('withShippingAddress: a shipping address, shipping not disabled', () => {
      const order = requestExample('/orders', 'post', 'withShippingAddress');
      expect(isObject(order.shippingAddress)).toBe(true);
      expect(order.shippingAddressDisabled).not.toBe(true);
    });

    it('shippingAndDeliveryDisabled: both flags true and no address', () => {
      const order = requestExample('/orders', 'post', 'shippingAndDeliveryDisabled');
      expect(order.shippingAddressDisabled).toBe(true);
      expect(order.deliveryInfoDisabled).toBe(true);
      expect(order.shippingAddress).toBeUndefined();
    });

    it('withShippingCost: a shipping cost plus a shipping address', () => {
      const order = requestExample('/orders', 'post', 'withShippingCost');
      expect(typeof order.shippingCost).toBe('number');
      expect(isObject(order.shippingAddress)).toBe(true);
    });
  });

  describe("the seed's two subscription variants each have their named createSubscription example", () => {
    it('fromNewData: plan and customer carry new data', () => {
      const subscription = requestExample('/subscriptions', 'post', 'fromNewData');
      const plan = subscription.plan as JsonObject;
      const customer = subscription.customer as JsonObject;
      expect(isObject(plan) && !('planId' in plan) && typeof plan.originPlanId === 'string').toBe(true);
      expect(isObject(customer) && !('customerId' in customer) && typeof customer.merchantCustomerId === 'string').toBe(true);
    });

    it('fromExistingRecords: plan {planId} and customer {customerId}', () => {
      const subscription = requestExample('/subscriptions', 'post', 'fromExistingRecords');
      expect(isReference(subscription.plan, 'planId')).toBe(true);
      expect(isReference(subscription.customer, 'customerId')).toBe(true);
    });
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

    const payment = schemas.Payment as JsonObject;
    const basePayment = {
      id: 'pay_3Rm6Ty8UiO',
      amount: 10,
      currency: 'MZN',
      method: 'mpesa',
      status: 'PAID',
      createdAt: '2025-03-14T09:30:00.000Z',
      updatedAt: '2025-03-14T09:30:00.000Z',
    };
    expect(exampleErrors(payment, { ...basePayment, orderId: 'ord_9Xk2Lp7QwE' })).toEqual([]);
    expect(exampleErrors(payment, { ...basePayment, subscriptionId: 'sub_4Nc8VbX2mK' })).toEqual([]);
    expect(exampleErrors(payment, basePayment)).not.toEqual([]);
    expect(exampleErrors(payment, { ...basePayment, orderId: 'ord_9Xk2Lp7QwE', subscriptionId: 'sub_4Nc8VbX2mK' })).not.toEqual([]);

    const revokeResult = schemas.RevokeResult as JsonObject;
    expect(exampleErrors(revokeResult, { revoked: true })).toEqual([]);
    expect(exampleErrors(revokeResult, { revoked: false })).not.toEqual([]);

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

/**
 * Properties of `value` that `schema` (dereferenced) does not declare, as paths. Test-side strictness: response
 * schemas leave additionalProperties open, since the real service may add fields, so a misspelt field in an
 * example would otherwise still validate. Free-form objects (an explicit `additionalProperties`) are skipped.
 */
function undeclaredProperties(schema: unknown, value: unknown, path = '', out: string[] = []): string[] {
  if (!isObject(schema)) return out;
  if (Array.isArray(value)) {
    value.forEach((child, i) => undeclaredProperties(schema.items, child, `${path}[${i}]`, out));
    return out;
  }
  if (!isObject(value)) return out;
  const branches = [schema, ...SCHEMA_CHILD_LISTS.flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []))];
  if (branches.some((branch) => isObject(branch) && branch.additionalProperties !== undefined && branch.additionalProperties !== false)) {
    return out;
  }
  const declared = new Map<string, unknown>();
  for (const branch of branches) {
    if (isObject(branch) && isObject(branch.properties)) {
      for (const [name, child] of Object.entries(branch.properties)) if (!declared.has(name)) declared.set(name, child);
    }
  }
  if (declared.size === 0 && !branches.some((branch) => isObject(branch) && branch.type === 'object')) return out;
  for (const [name, child] of Object.entries(value)) {
    const where = path ? `${path}.${name}` : name;
    if (!declared.has(name)) out.push(where);
    else undeclaredProperties(declared.get(name), child, where, out);
  }
  return out;
}

describe('response examples use only declared properties', () => {
  const responseCases = cases.filter((c) => /(^|\.)responses\.[^.]+\.content\./.test(c.where));

  it('finds the response examples, success and error', () => {
    expect(responseCases.filter((c) => /responses\.2\d\d\./.test(c.where)).length).toBeGreaterThanOrEqual(30);
    expect(responseCases.filter((c) => c.where.startsWith('components.responses.')).length).toBeGreaterThan(15);
  });

  it.each(responseCases.map((c) => [c.where, c] as const))('%s', (_where, c) => {
    expect(undeclaredProperties(c.schema, c.value)).toEqual([]);
  });

  it('catches a misspelt field (the check is not a no-op)', () => {
    const schemas = (resolved.components as JsonObject).schemas as JsonObject;
    const order = cases.find((c) => c.where.startsWith('paths./orders/{order_id}.get.responses.200'));
    expect(order).toBeDefined();
    const data = (order?.value as JsonObject).data as JsonObject;
    const misspelt = { data: { ...data, checkoutUrl: data.checkout, items: [{ ...(data.items as JsonObject[])[0], totl: 1 }] } };
    expect(undeclaredProperties(schemas.OrderEnvelope, misspelt).sort()).toEqual(['data.checkoutUrl', 'data.items[0].totl']);
    expect(exampleErrors(schemas.OrderEnvelope as JsonObject, misspelt)).toEqual([]);
    const metadata = { data: { ...data, source: { source: 'pos', canal: 'x' } } };
    expect(undeclaredProperties(schemas.OrderEnvelope, metadata)).toEqual(['data.source.canal']);
    const product = { data: { id: 'prod_1', name: 'x', price: 1, metadata: { anything: { goes: [1] } } } };
    expect(undeclaredProperties(schemas.ProductEnvelope, product)).toEqual([]);
  });
});

describe('list examples are in list order (CONTRACT.md §Lists)', () => {
  const lists = cases.filter(
    (c) => /responses\.200\./.test(c.where) && isObject(c.value) && Array.isArray(c.value.data) && isObject(c.value.pagination),
  );

  it('finds the list examples', () => {
    expect(lists.length).toBeGreaterThanOrEqual(6);
  });

  it.each(lists.map((c) => [c.where, c.value as JsonObject] as const))('%s: newest first, ties by id', (_where, page) => {
    const records = objects(page.data).map((r) => ({ id: String(r.id), createdAt: String(r.createdAt) }));
    const sorted = [...records].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    expect(records).toEqual(sorted);
  });

  it('the token list is most recently issued first', () => {
    const tokens = cases.find((c) => c.where.startsWith('paths./auth/token/list.get.responses.200'));
    const issued = objects((tokens?.value as JsonObject | undefined)?.data).map((t) => String(t.issuedAt));
    expect(issued.length).toBeGreaterThan(1);
    expect(issued).toEqual([...issued].sort().reverse());
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
