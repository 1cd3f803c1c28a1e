/**
 * What one recorded exchange shows the integration doing, as one thing a contract names: the operation and its
 * outcome (the status, the error code, the status of the record it read), with a description in the words of a pact
 * ("reads a PAID order's status", "lists the products: 401 TOKEN_EXPIRADO"). Exchanges with the same key are one
 * interaction of the contract, however many times the integration made them.
 */

const DOINGS: ReadonlyMap<string, string> = new Map([
  ['issueToken', 'gets an access token'],
  ['refreshToken', 'refreshes its access token'],
  ['revokeToken', 'revokes an access token'],
  ['listTokens', 'lists its access tokens'],
  ['createProduct', 'creates a product'],
  ['createProductAtCollection', 'creates a product'],
  ['listProducts', 'lists the products'],
  ['getProduct', 'reads a product'],
  ['syncProduct', 'syncs a product'],
  ['syncProductsBatch', 'syncs a batch of products'],
  ['createCustomer', 'creates a customer'],
  ['listCustomers', 'lists the customers'],
  ['getCustomer', 'reads a customer'],
  ['syncCustomer', 'syncs a customer'],
  ['syncCustomersBatch', 'syncs a batch of customers'],
  ['createPlan', 'creates a plan'],
  ['listPlans', 'lists the plans'],
  ['getPlan', 'reads a plan'],
  ['syncPlan', 'syncs a plan'],
  ['syncPlansBatch', 'syncs a batch of plans'],
  ['createSubscription', 'creates a subscription'],
  ['listSubscriptions', 'lists the subscriptions'],
  ['syncSubscription', 'syncs a subscription'],
  ['getSubscription', 'reads a subscription'],
  ['createOrder', 'places an order'],
  ['listOrders', 'lists the orders'],
  ['getOrder', 'reads an order'],
  ['getOrderStatus', "reads an order's status"],
  ['listPayments', 'lists the payments'],
]);

/** Reads whose answer's status is part of the outcome: the record's kind, as the description names it. */
const STATUS_READS: ReadonlyMap<string, (status: string) => string> = new Map([
  ['getOrderStatus', (status: string) => `reads a ${status} order's status`],
  ['getOrder', (status: string) => `reads a ${status} order`],
  ['getSubscription', (status: string) => `reads a ${status} subscription`],
]);

export interface TrafficOutcome {
  /** The same for every exchange that is the same thing done: `operationId status [error] [record status]`. */
  key: string;
  description: string;
}

export function trafficOutcome(operationId: string, status: number, error: string | undefined, responseBody: unknown): TrafficOutcome {
  const recordStatus = status < 300 ? statusIn(responseBody) : undefined;
  const read = recordStatus === undefined ? undefined : STATUS_READS.get(operationId);
  const doing = read && recordStatus !== undefined ? read(recordStatus) : (DOINGS.get(operationId) ?? `calls ${operationId}`);
  const refused = status >= 300 ? `: ${status}${error ? ` ${error}` : ''}` : '';
  return { key: [operationId, status, error ?? '', read ? recordStatus : ''].join(' ').trim(), description: `${doing}${refused}` };
}

/** `data.status` of an answer, when it is a record's. */
export function statusIn(body: unknown): string | undefined {
  const data = (body as { data?: { status?: unknown } } | undefined)?.data;
  return typeof data?.status === 'string' ? data.status : undefined;
}
