/**
 * Orders in the seed's five forms, read as public integrations read them (the id at the top level or in
 * `data`, `checkout` at the top level); the status poll from PENDING to PAID; get and list; the payments list.
 */
import { expect } from 'vitest';
import { signedIn, type ContractCase } from '../contract-case.ts';
import { amount, bearerOfState, eachLike, id, instant, integer, like, pagination, pathWithState, regex, stateValue } from '../matchers.ts';

const ORDER_ID = 'ord_9Xk2Lp7QwE';
const CHECKOUT = regex('^https?://[^/]+/checkout/ord_[A-Za-z0-9]+$', `http://localhost:4010/checkout/${ORDER_ID}`);
const ACTIVE = ['client {clientId} is active', { clientId: 'mock-client' }] as const;
const PRODUCT_EXISTS = ['a product with originProductId {originProductId} exists', { originProductId: 'SKU-CAP-001', price: '1500' }] as const;
const CUSTOMER_EXISTS = ['a customer with merchantCustomerId {merchantCustomerId} exists', { merchantCustomerId: 'CLI-1001' }] as const;
const ADDRESS = { street: 'Av. Julius Nyerere', number: '1234', city: 'Maputo', zipCode: '1100', country: 'Moçambique' };
const NEW_CUSTOMER = { merchantCustomerId: 'CLI-1001', name: 'Ana Machava', email: 'ana.machava@example.com', phone: '+258 84 123 4567' };
const NEW_ITEMS = [
  { originProductId: 'SKU-CAP-001', name: 'Capulana Premium', quantity: 2, price: 1500 },
  { originProductId: 'SKU-CAJ-500', name: 'Caju torrado 500 g', quantity: 1, price: 350.5 },
];

/** The order of a create answer: computed amounts by value (they are the merchant's money), ids by pattern. */
function order(totals: { subtotal: number; shippingCost: number }, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: id('ord', ORDER_ID),
    orderId: id('ord', ORDER_ID),
    status: 'PENDING',
    customerId: id('cus', 'cus_5Hq9LmR2vX'),
    items: eachLike({ productId: id('prod', 'prod_8f3K2m9QxL'), name: like('Capulana Premium'), quantity: integer(2), price: amount(1500), total: amount(3000) }),
    subtotal: totals.subtotal,
    shippingCost: totals.shippingCost,
    amount: totals.subtotal + totals.shippingCost,
    currency: 'MZN',
    checkout: CHECKOUT,
    statusHistory: eachLike({ status: 'PENDING', at: instant() }),
    createdAt: instant(),
    updatedAt: instant(),
    ...extra,
  };
}

interface OrderForm {
  description: string;
  given: ReadonlyArray<readonly [string, Record<string, string>]>;
  body: Record<string, unknown>;
  /** What the consumer sends: the body with the examples of provider-state values. */
  example: Record<string, unknown>;
  answer: Record<string, unknown>;
}

const byReference = {
  customer: { customerId: stateValue('customerId', 'cus_5Hq9LmR2vX') },
  items: [{ productId: stateValue('productId', 'prod_8f3K2m9QxL'), quantity: 2 }],
};
const byReferenceExample = { customer: { customerId: 'cus_5Hq9LmR2vX' }, items: [{ productId: 'prod_8f3K2m9QxL', quantity: 2 }] };

const FORMS: OrderForm[] = [
  {
    description: 'an order with a new customer and new items',
    given: [ACTIVE],
    body: { source: { source: 'loja-online' }, customer: NEW_CUSTOMER, items: NEW_ITEMS },
    example: { source: { source: 'loja-online' }, customer: NEW_CUSTOMER, items: NEW_ITEMS },
    answer: order({ subtotal: 3350.5, shippingCost: 0 }),
  },
  {
    description: 'an order of an existing customer and existing products',
    given: [PRODUCT_EXISTS, CUSTOMER_EXISTS],
    body: { source: { source: 'loja-online' }, ...byReference },
    example: { source: { source: 'loja-online' }, ...byReferenceExample },
    answer: order({ subtotal: 3000, shippingCost: 0 }),
  },
  {
    description: 'an order with a shipping address',
    given: [PRODUCT_EXISTS, CUSTOMER_EXISTS],
    body: { source: { source: 'whatsapp' }, ...byReference, shippingAddress: ADDRESS },
    example: { source: { source: 'whatsapp' }, ...byReferenceExample, shippingAddress: ADDRESS },
    answer: order({ subtotal: 3000, shippingCost: 0 }, { shippingAddress: ADDRESS }),
  },
  {
    description: 'an order with shipping address and delivery info disabled',
    given: [ACTIVE],
    body: { source: { source: 'pos' }, customer: NEW_CUSTOMER, items: NEW_ITEMS, shippingAddressDisabled: true, deliveryInfoDisabled: true },
    example: { source: { source: 'pos' }, customer: NEW_CUSTOMER, items: NEW_ITEMS, shippingAddressDisabled: true, deliveryInfoDisabled: true },
    answer: order({ subtotal: 3350.5, shippingCost: 0 }, { shippingAddressDisabled: true, deliveryInfoDisabled: true }),
  },
  {
    description: 'an order with a shipping cost',
    given: [PRODUCT_EXISTS, CUSTOMER_EXISTS],
    body: { source: { source: 'loja-online' }, ...byReference, shippingAddress: ADDRESS, shippingCost: 150 },
    example: { source: { source: 'loja-online' }, ...byReferenceExample, shippingAddress: ADDRESS, shippingCost: 150 },
    answer: order({ subtotal: 3000, shippingCost: 150 }, { shippingAddress: ADDRESS }),
  },
];

const createCases: ContractCase[] = FORMS.map((form) => ({
  description: form.description,
  declare(pact) {
    let interaction = pact.addInteraction();
    for (const [state, params] of form.given) interaction = interaction.given(state, params);
    return interaction
      .uponReceiving(form.description)
      .withRequest('POST', '/v1/orders', (request) => request.headers(bearerOfState()).jsonBody(form.body))
      .willRespondWith(201, (response) => response.jsonBody({ data: form.answer, orderId: id('ord', ORDER_ID), checkout: CHECKOUT }));
  },
  async exercise(baseUrl) {
    const placed = await signedIn(baseUrl).placeOrder(form.example);
    expect(placed).toEqual({ orderId: ORDER_ID, checkout: `http://localhost:4010/checkout/${ORDER_ID}` });
  },
}));

const ORDER_IN = (status: string) => ['an order with status {status} exists', { status }] as const;
const STATUS_PATH = pathWithState('/v1/orders/${orderId}/status', `/v1/orders/${ORDER_ID}/status`);

function statusCase(status: 'PENDING' | 'PAID'): ContractCase {
  const description = `a status poll of an order that is ${status}`;
  return {
    description,
    declare: (pact) =>
      pact
        .addInteraction()
        .given(...ORDER_IN(status))
        .uponReceiving(description)
        .withRequest('GET', STATUS_PATH, (request) => request.headers(bearerOfState()))
        .willRespondWith(200, (response) =>
          response.jsonBody({
            data: {
              orderId: id('ord', ORDER_ID),
              status,
              amount: amount(3000),
              currency: 'MZN',
              updatedAt: instant(),
              order: { id: id('ord', ORDER_ID), orderId: id('ord', ORDER_ID), status, amount: amount(3000) },
              payment: { id: id('pay', 'pay_7Gh2Jk4LmP'), orderId: id('ord', ORDER_ID), status, amount: amount(3000), currency: 'MZN', method: regex('^(mpesa|emola)$', 'mpesa') },
            },
          }),
        ),
    async exercise(baseUrl) {
      expect(await signedIn(baseUrl).orderStatus(ORDER_ID)).toEqual({ orderId: ORDER_ID, status, amount: 3000, currency: 'MZN' });
    },
  };
}

const readCases: ContractCase[] = [
  statusCase('PENDING'),
  statusCase('PAID'),
  {
    description: 'an existing order by id',
    declare: (pact) =>
      pact
        .addInteraction()
        .given(...ORDER_IN('PENDING'))
        .uponReceiving('an existing order by id')
        .withRequest('GET', pathWithState('/v1/orders/${orderId}', `/v1/orders/${ORDER_ID}`), (request) => request.headers(bearerOfState()))
        .willRespondWith(200, (response) => response.jsonBody({ data: order({ subtotal: 3000, shippingCost: 0 }) })),
    async exercise(baseUrl) {
      expect(await signedIn(baseUrl).data('GET', `/v1/orders/${ORDER_ID}`)).toMatchObject({ id: ORDER_ID, amount: 3000, currency: 'MZN' });
    },
  },
  {
    description: 'the list of orders',
    declare: (pact) =>
      pact
        .addInteraction()
        .given(...ORDER_IN('PENDING'))
        .uponReceiving('the list of orders')
        .withRequest('GET', '/v1/orders', (request) => request.headers(bearerOfState()))
        .willRespondWith(200, (response) =>
          response.jsonBody({
            data: eachLike({ id: id('ord', ORDER_ID), status: regex('^(PENDING|PAID|FAILED|CANCELLED)$', 'PENDING'), amount: amount(3000), currency: 'MZN', checkout: CHECKOUT }),
            pagination: pagination(),
          }),
        ),
    async exercise(baseUrl) {
      expect((await signedIn(baseUrl).list('/v1/orders'))[0]).toMatchObject({ id: ORDER_ID });
    },
  },
  {
    description: 'the list of payments of a paid order',
    declare: (pact) =>
      pact
        .addInteraction()
        .given(...ORDER_IN('PAID'))
        .uponReceiving('the list of payments of a paid order')
        .withRequest('GET', '/v1/payments', (request) =>
          request.headers(bearerOfState()).query({ orderId: stateValue('orderId', ORDER_ID) }),
        )
        .willRespondWith(200, (response) =>
          response.jsonBody({
            data: eachLike({
              id: id('pay', 'pay_7Gh2Jk4LmP'),
              orderId: id('ord', ORDER_ID),
              amount: amount(3000),
              currency: 'MZN',
              method: regex('^(mpesa|emola)$', 'mpesa'),
              status: 'PAID',
              createdAt: instant(),
              updatedAt: instant(),
            }),
            pagination: pagination(),
          }),
        ),
    async exercise(baseUrl) {
      const payments = await signedIn(baseUrl).list(`/v1/payments?orderId=${ORDER_ID}`);
      expect(payments[0]).toMatchObject({ orderId: ORDER_ID, status: 'PAID', currency: 'MZN' });
    },
  },
];

export const orderCases: ContractCase[] = [...createCases, ...readCases];
