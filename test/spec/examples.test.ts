/**
 * Every example of spec/openapi.yaml validates against its schema, the seed's request variants each have their
 * named example, and the schemas refuse what the mock refuses (docs/assumptions.md).
 */
import { describe, it, expect } from 'vitest';
import { cases, exampleErrors, objects, requestExample, resolved } from '../support/example-cases.ts';
import { isObject, type JsonObject } from '../support/openapi-doc.ts';

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
