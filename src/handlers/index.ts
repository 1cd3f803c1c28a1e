/** operationId → handler. `satisfies` makes a missing or misspelt operation a type error. */
import { CUSTOMERS, PLANS, PRODUCTS } from '../domain/catalog-kinds.ts';
import type { OperationId } from '../http/operations.ts';
import { issueToken, listTokens, refreshToken, revokeToken } from './auth.ts';
import { catalogHandlers } from './catalog.ts';
import { createOrder, getOrder, getOrderStatus, listOrders } from './orders.ts';
import { listPayments } from './payments.ts';
import { createSubscription, getSubscription, listSubscriptions, syncSubscription } from './subscriptions.ts';
import type { Handler } from './types.ts';

const products = catalogHandlers(PRODUCTS, 'product_id');
const customers = catalogHandlers(CUSTOMERS, 'customer_id');
const plans = catalogHandlers(PLANS, 'plan_id');

export const handlers = {
  issueToken,
  refreshToken,
  revokeToken,
  listTokens,
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
  createSubscription,
  syncSubscription,
  listSubscriptions,
  getSubscription,
  createOrder,
  listOrders,
  getOrder,
  getOrderStatus,
  listPayments,
} satisfies Record<OperationId, Handler>;
