/**
 * What the examples say, beyond their schemas: response examples use only declared properties, list examples are
 * in list order, and the order examples respect the money invariants of the mock.
 */
import { describe, it, expect } from 'vitest';
import { cases, exampleErrors, objects, resolved, SCHEMA_CHILD_LISTS } from '../support/example-cases.ts';
import { isObject, type JsonObject } from '../support/openapi-doc.ts';

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

describe('list examples are in list order (docs/assumptions.md)', () => {
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
