/** Products, customers and plans: create, get, list, sync and batch sync, one table of the three kinds. */
import { expect } from 'vitest';
import { signedIn, type ContractCase } from '../contract-case.ts';
import { amount, bearerOfState, eachLike, id, instant, integer, like, pagination, pathWithState, uniqueKey } from '../matchers.ts';

interface CatalogKind {
  /** Singular and plural names, as descriptions read. */
  one: string;
  many: string;
  createPath: string;
  collection: string;
  prefix: string;
  exampleId: string;
  /** The merchant's own key, and the provider state that makes a record with it exist. */
  key: string;
  state: string;
  idValue: string;
  /** A new record's request body and the matchers of the answer's record. */
  sample: (key: unknown) => Record<string, unknown>;
  shape: (key: string) => Record<string, unknown>;
}

const KINDS: CatalogKind[] = [
  {
    one: 'product',
    many: 'products',
    createPath: '/v1/products/create',
    collection: '/v1/products',
    prefix: 'prod',
    exampleId: 'prod_8f3K2m9QxL',
    key: 'originProductId',
    state: 'a product with originProductId {originProductId} exists',
    idValue: 'productId',
    sample: (key) => ({ originProductId: key, name: 'Capulana Premium', price: 1500, description: 'Capulana de algodão estampada' }),
    shape: (key) => ({ originProductId: like(key), name: like('Capulana Premium'), price: amount(1500) }),
  },
  {
    one: 'customer',
    many: 'customers',
    createPath: '/v1/customers',
    collection: '/v1/customers',
    prefix: 'cus',
    exampleId: 'cus_5Hq9LmR2vX',
    key: 'merchantCustomerId',
    state: 'a customer with merchantCustomerId {merchantCustomerId} exists',
    idValue: 'customerId',
    sample: (key) => ({ merchantCustomerId: key, name: 'Ana Machava', email: 'ana.machava@example.com', phone: '+258 84 123 4567' }),
    shape: (key) => ({ merchantCustomerId: like(key), name: like('Ana Machava') }),
  },
  {
    one: 'plan',
    many: 'plans',
    createPath: '/v1/plans',
    collection: '/v1/plans',
    prefix: 'plan',
    exampleId: 'plan_7Tz3KpW8nQ',
    key: 'originPlanId',
    state: 'a plan with originPlanId {originPlanId} exists',
    idValue: 'planId',
    sample: (key) => ({ originPlanId: key, name: 'Plano Mensal Básico', price: 499, interval: 'monthly' }),
    shape: (key) => ({ originPlanId: like(key), name: like('Plano Mensal Básico'), price: amount(499), interval: like('monthly') }),
  },
];

const KEYS = { product: ['SKU-CAP-001', 'SKU-CAJ-500'], customer: ['CLI-1001', 'CLI-1002'], plan: ['PLANO-BASICO-M', 'PLANO-PRO-T'] };

function record(kind: CatalogKind, key: string): Record<string, unknown> {
  return { id: id(kind.prefix, kind.exampleId), ...kind.shape(key), createdAt: instant(), updatedAt: instant() };
}

function casesOf(kind: CatalogKind): ContractCase[] {
  const [first = '', second = ''] = KEYS[kind.one as keyof typeof KEYS];
  const existing = { [kind.key]: first };
  return [
    {
      description: `a new ${kind.one}`,
      declare: (pact) =>
        pact
          .addInteraction()
          .given('client {clientId} is active', { clientId: 'mock-client' })
          .uponReceiving(`a new ${kind.one}`)
          // A new record's merchant key is unique to the run: a real service keeps what earlier runs created.
          .withRequest('POST', kind.createPath, (request) => request.headers(bearerOfState()).jsonBody(kind.sample(uniqueKey(first))))
          .willRespondWith(201, (response) => response.jsonBody({ data: record(kind, first) })),
      async exercise(baseUrl) {
        const created = await signedIn(baseUrl).data('POST', kind.createPath, kind.sample(first));
        expect(created).toMatchObject({ id: kind.exampleId, [kind.key]: first });
      },
    },
    {
      description: `an existing ${kind.one} by id`,
      declare: (pact) =>
        pact
          .addInteraction()
          .given(kind.state, existing)
          .uponReceiving(`an existing ${kind.one} by id`)
          .withRequest('GET', pathWithState(`${kind.collection}/\${${kind.idValue}}`, `${kind.collection}/${kind.exampleId}`), (request) =>
            request.headers(bearerOfState()),
          )
          .willRespondWith(200, (response) => response.jsonBody({ data: record(kind, first) })),
      async exercise(baseUrl) {
        const found = await signedIn(baseUrl).data('GET', `${kind.collection}/${kind.exampleId}`);
        expect(found).toMatchObject({ id: kind.exampleId, [kind.key]: first });
      },
    },
    {
      description: `the list of ${kind.many}`,
      declare: (pact) =>
        pact
          .addInteraction()
          .given(kind.state, existing)
          .uponReceiving(`the list of ${kind.many}`)
          .withRequest('GET', kind.collection, (request) => request.headers(bearerOfState()))
          .willRespondWith(200, (response) =>
            response.jsonBody({ data: eachLike({ id: id(kind.prefix, kind.exampleId), name: like('name'), createdAt: instant() }), pagination: pagination() }),
          ),
      async exercise(baseUrl) {
        const listed = await signedIn(baseUrl).list(kind.collection);
        expect(listed.length).toBeGreaterThan(0);
      },
    },
    {
      description: `a sync of an existing ${kind.one} by ${kind.key}`,
      declare: (pact) =>
        pact
          .addInteraction()
          .given(kind.state, existing)
          .uponReceiving(`a sync of an existing ${kind.one} by ${kind.key}`)
          .withRequest('POST', `${kind.collection}/sync`, (request) => request.headers(bearerOfState()).jsonBody(kind.sample(first)))
          .willRespondWith(200, (response) => response.jsonBody({ data: record(kind, first) })),
      async exercise(baseUrl) {
        const synced = await signedIn(baseUrl).data('POST', `${kind.collection}/sync`, kind.sample(first));
        expect(synced).toMatchObject({ [kind.key]: first });
      },
    },
    {
      description: `a batch sync of two ${kind.many}, one existing and one new`,
      declare: (pact) =>
        pact
          .addInteraction()
          .given(kind.state, existing)
          .uponReceiving(`a batch sync of two ${kind.many}, one existing and one new`)
          .withRequest('POST', `${kind.collection}/sync/batch`, (request) =>
            request.headers(bearerOfState()).jsonBody({ [kind.many]: [kind.sample(first), kind.sample(second)] }),
          )
          .willRespondWith(200, (response) =>
            response.jsonBody({ data: [record(kind, first), record(kind, second)], summary: { created: integer(1), updated: integer(1) } }),
          ),
      async exercise(baseUrl) {
        const result = await signedIn(baseUrl).data('POST', `${kind.collection}/sync/batch`, { [kind.many]: [kind.sample(first), kind.sample(second)] });
        expect(result).toEqual([expect.objectContaining({ [kind.key]: first }), expect.objectContaining({ [kind.key]: second })]);
      },
    },
  ];
}

export const catalogCases: ContractCase[] = KINDS.flatMap(casesOf);
