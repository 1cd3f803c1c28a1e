/** Subscriptions: created from new plan and customer data, from existing records, and synced by the merchant's id. */
import { expect } from 'vitest';
import { signedIn, type ContractCase } from '../contract-case.ts';
import { bearerOfState, id, instant, integer, like, stateValue, uniqueKey } from '../matchers.ts';

const PLAN_EXISTS = 'a plan with originPlanId {originPlanId} exists';
const CUSTOMER_EXISTS = 'a customer with merchantCustomerId {merchantCustomerId} exists';

function subscription(originSubscriptionId: string): Record<string, unknown> {
  return {
    id: id('sub', 'sub_3Kd8Lq2WmZ'),
    originSubscriptionId: like(originSubscriptionId),
    name: like('Assinatura Básica — Ana Machava'),
    status: 'PENDING',
    planId: id('plan', 'plan_7Tz3KpW8nQ'),
    customerId: id('cus', 'cus_5Hq9LmR2vX'),
    attempts: 0,
    maxAttempts: integer(3),
    currentPeriodStart: instant(),
    currentPeriodEnd: instant('2025-04-14T09:30:00.000Z'),
    createdAt: instant(),
    updatedAt: instant(),
  };
}

const FROM_NEW_DATA_EXAMPLE = {
  plan: { originPlanId: 'PLANO-BASICO-M', name: 'Plano Mensal Básico', price: 499, interval: 'monthly' },
  customer: { merchantCustomerId: 'CLI-1001', name: 'Ana Machava', email: 'ana.machava@example.com' },
  name: 'Assinatura Básica — Ana Machava',
  maxAttempts: 3,
  originSubscriptionId: 'ASS-2025-0001',
};
const FROM_NEW_DATA = { ...FROM_NEW_DATA_EXAMPLE, originSubscriptionId: uniqueKey('ASS-2025-0001') };

const fromRecords = (originSubscriptionId: string) => ({
  plan: { planId: stateValue('planId', 'plan_7Tz3KpW8nQ') },
  customer: { customerId: stateValue('customerId', 'cus_5Hq9LmR2vX') },
  name: 'Assinatura Básica — Ana Machava',
  maxAttempts: 3,
  originSubscriptionId: uniqueKey(originSubscriptionId),
});

const fromRecordsExample = (originSubscriptionId: string) => ({
  plan: { planId: 'plan_7Tz3KpW8nQ' },
  customer: { customerId: 'cus_5Hq9LmR2vX' },
  name: 'Assinatura Básica — Ana Machava',
  maxAttempts: 3,
  originSubscriptionId,
});

export const subscriptionCases: ContractCase[] = [
  {
    description: 'a subscription from new plan and customer data',
    declare: (pact) =>
      pact
        .addInteraction()
        .given('client {clientId} is active', { clientId: 'mock-client' })
        .uponReceiving('a subscription from new plan and customer data')
        .withRequest('POST', '/v1/subscriptions', (request) => request.headers(bearerOfState()).jsonBody(FROM_NEW_DATA))
        .willRespondWith(201, (response) => response.jsonBody({ data: subscription('ASS-2025-0001') })),
    async exercise(baseUrl) {
      const created = await signedIn(baseUrl).data('POST', '/v1/subscriptions', FROM_NEW_DATA_EXAMPLE);
      expect(created).toMatchObject({ status: 'PENDING', originSubscriptionId: 'ASS-2025-0001' });
    },
  },
  {
    description: 'a subscription of an existing plan and customer',
    declare: (pact) =>
      pact
        .addInteraction()
        .given(PLAN_EXISTS, { originPlanId: 'PLANO-BASICO-M' })
        .given(CUSTOMER_EXISTS, { merchantCustomerId: 'CLI-1001' })
        .uponReceiving('a subscription of an existing plan and customer')
        .withRequest('POST', '/v1/subscriptions', (request) => request.headers(bearerOfState()).jsonBody(fromRecords('ASS-2025-0002')))
        .willRespondWith(201, (response) => response.jsonBody({ data: subscription('ASS-2025-0002') })),
    async exercise(baseUrl) {
      const created = await signedIn(baseUrl).data('POST', '/v1/subscriptions', fromRecordsExample('ASS-2025-0002'));
      expect(created).toMatchObject({ status: 'PENDING', planId: 'plan_7Tz3KpW8nQ', customerId: 'cus_5Hq9LmR2vX' });
    },
  },
  {
    description: 'a sync of a new subscription by originSubscriptionId',
    declare: (pact) =>
      pact
        .addInteraction()
        .given(PLAN_EXISTS, { originPlanId: 'PLANO-BASICO-M' })
        .given(CUSTOMER_EXISTS, { merchantCustomerId: 'CLI-1001' })
        .uponReceiving('a sync of a new subscription by originSubscriptionId')
        .withRequest('POST', '/v1/subscriptions/sync', (request) => request.headers(bearerOfState()).jsonBody(fromRecords('ASS-2025-0003')))
        .willRespondWith(201, (response) => response.jsonBody({ data: subscription('ASS-2025-0003') })),
    async exercise(baseUrl) {
      const synced = await signedIn(baseUrl).data('POST', '/v1/subscriptions/sync', fromRecordsExample('ASS-2025-0003'));
      expect(synced).toMatchObject({ originSubscriptionId: 'ASS-2025-0003' });
    },
  },
];
