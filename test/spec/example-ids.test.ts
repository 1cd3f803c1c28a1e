/**
 * The document's examples name real records: with `--seed 42` (the default) every id-shaped value of a seeded kind
 * in an example (`prod_`, `cus_`, `plan_`, `sub_`, `ord_`, `pay_`, in fields, path parameters and checkout URLs)
 * is a record of that kind the default client owns, and an example record says what the seeded one says of its
 * relations: an order's customer and products, a subscription's plan and customer, a payment's order or
 * subscription. Token ids (`tok_`) and token values are issued at run time, never seeded, so they are not checked.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CollectionName, StoredRecord } from '../../src/domain/records.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { cases } from '../support/example-cases.ts';
import { isObject, type JsonObject } from '../support/openapi-doc.ts';

const KIND_OF_PREFIX: Record<string, CollectionName> = {
  prod: 'products',
  cus: 'customers',
  plan: 'plans',
  sub: 'subscriptions',
  ord: 'orders',
  pay: 'payments',
};
const ID = /\b(prod|cus|plan|sub|ord|pay)_[A-Za-z0-9]+/g;
/** The relation fields an example record may carry, each compared with the seeded record's own. */
const RELATIONS = ['customerId', 'planId', 'orderId', 'subscriptionId'] as const;

interface Found {
  where: string;
  id: string;
  kind: CollectionName;
}

function idsIn(value: unknown, where: string, out: Found[]): void {
  if (typeof value === 'string') {
    for (const match of value.matchAll(ID)) out.push({ where, id: match[0], kind: KIND_OF_PREFIX[match[1] as string] as CollectionName });
  } else if (Array.isArray(value)) value.forEach((child, index) => idsIn(child, `${where}[${index}]`, out));
  else if (isObject(value)) for (const [key, child] of Object.entries(value)) idsIn(child, `${where}.${key}`, out);
}

/** Every example object whose `id` names a seeded kind, with where it is written. */
function recordsIn(value: unknown, where: string, out: Array<{ where: string; record: JsonObject }>): void {
  if (Array.isArray(value)) value.forEach((child, index) => recordsIn(child, `${where}[${index}]`, out));
  if (!isObject(value)) return;
  if (typeof value.id === 'string' && /^(prod|cus|plan|sub|ord|pay)_/.test(value.id)) out.push({ where, record: value });
  for (const [key, child] of Object.entries(value)) recordsIn(child, `${where}.${key}`, out);
}

const found: Found[] = [];
const records: Array<{ where: string; record: JsonObject }> = [];
for (const example of cases) {
  idsIn(example.value, example.where, found);
  recordsIn(example.value, example.where, records);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedData: 'default', seed: 42 });
});

const seeded = (kind: CollectionName, id: string) => t.store.get<StoredRecord & Record<string, unknown>>(kind, id);

describe('example ids of spec/openapi.yaml are records of the seed-42 dataset', () => {
  it('finds ids of every seeded kind in the examples (the walk is not vacuous)', () => {
    expect(new Set(found.map((entry) => entry.kind))).toEqual(new Set(Object.values(KIND_OF_PREFIX)));
    expect(records.length).toBeGreaterThan(30);
  });

  it('every id-shaped example value is a record of its kind owned by the default client', () => {
    const missing = found.filter(({ id, kind }) => seeded(kind, id)?.clientId !== 'mock-client').map(({ where, id }) => `${where}: ${id}`);
    expect(missing).toEqual([]);
  });

  it("every example record's relations are the seeded record's (customer, plan, order, subscription, products)", () => {
    const wrong: string[] = [];
    for (const { where, record } of records) {
      const kind = KIND_OF_PREFIX[String(record.id).split('_')[0] as string] as CollectionName;
      const stored = seeded(kind, String(record.id));
      if (!stored) continue; // named by the test above
      for (const field of RELATIONS) {
        if (field in record && !(field === 'orderId' && kind === 'orders') && record[field] !== stored[field]) {
          wrong.push(`${where}.${field}: ${String(record[field])}, seeded ${String(stored[field])}`);
        }
      }
      if (kind === 'orders' && Array.isArray(record.items)) {
        const products = new Set((stored['items'] as Array<{ productId: string }>).map((item) => item.productId));
        for (const item of record.items.filter(isObject)) {
          if (!products.has(String(item.productId))) wrong.push(`${where}.items: ${String(item.productId)} is not an item of ${String(record.id)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('an order status example names the seeded payment of that order', () => {
    const statuses = cases.filter((c) => c.where.startsWith('paths./orders/{order_id}/status.get.responses.200'));
    expect(statuses.length).toBeGreaterThan(0);
    for (const { value } of statuses) {
      const data = (value as { data: { orderId: string; payment: { id: string } } }).data;
      expect(seeded('payments', data.payment.id)?.['orderId']).toBe(data.orderId);
    }
  });
});
