/**
 * operationId → handler: thin adapters from a validated request to a flow call and back to a reply.
 * `satisfies` makes a missing or misspelt operation a type error.
 */
import { callerOf, type HandlerTable } from './handler.ts';
import { okPage } from '../domain/reply.ts';
import { paginate } from '../domain/pagination.ts';
import { toPublic } from '../domain/public-view.ts';
import { authHandlers } from './auth-handlers.ts';
import { catalogHandlers } from './catalog-handlers.ts';
import type { Flows } from './flows.ts';
import { orderHandlers } from './order-handlers.ts';
import { subscriptionHandlers } from './subscription-handlers.ts';

export function createHandlers(flows: Flows): HandlerTable {
  const products = catalogHandlers(flows.products, 'product_id');
  const customers = catalogHandlers(flows.customers, 'customer_id');
  const plans = catalogHandlers(flows.plans, 'plan_id');
  return {
    ...authHandlers(flows.tokens),
    createProduct: products.create,
    createProductAtCollection: products.create,
    listProducts: products.list,
    getProduct: products.get,
    syncProduct: products.sync,
    syncProductsBatch: products.syncBatch,
    createCustomer: customers.create,
    listCustomers: customers.list,
    getCustomer: customers.get,
    syncCustomer: customers.sync,
    syncCustomersBatch: customers.syncBatch,
    createPlan: plans.create,
    listPlans: plans.list,
    getPlan: plans.get,
    syncPlan: plans.sync,
    syncPlansBatch: plans.syncBatch,
    ...subscriptionHandlers(flows.subscriptions),
    ...orderHandlers(flows.orders),
    listPayments(input) {
      const page = paginate(flows.payments.list(callerOf(input), input.query), input.query);
      return okPage(page.items.map(toPublic), page.pagination);
    },
  } satisfies HandlerTable;
}
