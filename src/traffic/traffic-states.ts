/**
 * The provider states a recorded exchange needs to happen again on a fresh provider, and the values they hand back
 * in place of the recorded ones (Pact's `ProviderState` generators): the client's token in place of the masked one,
 * the id of an order made in the state in place of the recorded order's id. Every state named here is one the mock
 * sets up (`POST /__admin/pact/provider-states`); an exchange no state can bring back is left out, with why.
 */
import { PAYER_OUTCOMES } from '../domain/payer-outcomes.ts';
import { statusIn } from './traffic-outcome.ts';

export interface ProviderStateRef {
  name: string;
  params?: Record<string, string>;
}

export interface Generator {
  type: 'ProviderState';
  expression: string;
}

export interface Generators {
  header?: Record<string, Generator>;
  path?: Generator;
  query?: Record<string, Generator>;
  body?: Record<string, Generator>;
}

export interface RecordedRequest {
  operationId: string;
  path: string;
  query: Record<string, string[]>;
  authorization: string | undefined;
  body: unknown;
}

export type StatesOf = { ok: true; states: ProviderStateRef[]; generators: Generators } | { ok: false; why: string };

const ACTIVE_CLIENT: ProviderStateRef = { name: 'client {clientId} is active' };

/** A refusal a state reproduces whole: its error code → the state. */
const REFUSAL_STATES: ReadonlyMap<string, ProviderStateRef> = new Map([
  ['TOKEN_EXPIRADO', { name: 'the access token is expired' }],
  ['TOKEN_REVOGADO', { name: 'the access token is revoked' }],
  ['muitas_requisicoes', { name: 'the rate limit is exhausted' }],
  ['CLIENT_INATIVO', { name: 'client {clientId} is inactive' }],
]);

/** A catalogue record read by its id: the state that syncs it by its merchant key, and the value naming its id. */
const SYNCED_READS: ReadonlyMap<string, { one: string; key: string; idValue: string }> = new Map([
  ['getProduct', { one: 'product', key: 'originProductId', idValue: 'productId' }],
  ['getCustomer', { one: 'customer', key: 'merchantCustomerId', idValue: 'customerId' }],
  ['getPlan', { one: 'plan', key: 'originPlanId', idValue: 'planId' }],
]);

/** A list the contract expects at least one item of: the state that makes one, from the item the integration saw. */
const LISTS: ReadonlyMap<string, (item: Record<string, unknown>) => ProviderStateRef | undefined> = new Map([
  ['listOrders', (item) => orderState(item['status'], item)],
  ['listPayments', (item) => orderState(item['status'], item)],
  ['listProducts', (item) => syncedState('product', 'originProductId', item)],
  ['listCustomers', (item) => syncedState('customer', 'merchantCustomerId', item)],
  ['listPlans', (item) => syncedState('plan', 'originPlanId', item)],
]);

/** Merchant keys a create operation must not repeat: made unique to each verification run. */
const UNIQUE_KEYS: ReadonlyMap<string, string> = new Map([
  ['createProduct', 'originProductId'],
  ['createProductAtCollection', 'originProductId'],
  ['createCustomer', 'merchantCustomerId'],
  ['createPlan', 'originPlanId'],
  ['createSubscription', 'originSubscriptionId'],
]);

const ORDER_STATUSES: ReadonlySet<string> = new Set(['PENDING', 'PAID', 'FAILED', 'CANCELLED']);

export function statesOf(request: RecordedRequest, status: number, error: string | undefined, responseBody: unknown): StatesOf {
  const generators: Generators = {};
  const refusal = error === undefined ? undefined : REFUSAL_STATES.get(error);
  if (refusal?.name === 'client {clientId} is inactive') {
    generators.body = { '$.client_id': { type: 'ProviderState', expression: '${clientId}' } };
    return { ok: true, states: [refusal], generators };
  }
  const presented = presentedCredentials(request.authorization);
  if (presented && (refusal || status < 400 || status === 400 || status === 404 || status === 409)) generators.header = { Authorization: presented };
  if (refusal) return { ok: true, states: [refusal], generators };
  // Refused for its credentials or its token, as sent: no state makes a wrong secret right.
  if (status === 401 || status === 403) return { ok: true, states: [], generators: {} };
  const states: ProviderStateRef[] = [];
  const record = status < 300 ? recordStates(request, responseBody, generators) : { ok: true as const };
  if (!record.ok) return record;
  if (record.state) states.push(record.state);
  const body = bodyGenerators(request, status);
  if (body) generators.body = { ...generators.body, ...body };
  return { ok: true, states: states.length > 0 ? states : [ACTIVE_CLIENT], generators };
}

function presentedCredentials(authorization: string | undefined): Generator | undefined {
  if (authorization?.startsWith('Bearer ')) return { type: 'ProviderState', expression: 'Bearer ${accessToken}' };
  if (authorization?.startsWith('Basic ')) return { type: 'ProviderState', expression: 'Basic ${basicCredentials}' };
  return undefined;
}

/** The state of the record a successful read needs, and the generators naming its id. */
function recordStates(request: RecordedRequest, responseBody: unknown, generators: Generators): { ok: true; state?: ProviderStateRef } | { ok: false; why: string } {
  const { operationId, path } = request;
  if (operationId === 'getOrder' || operationId === 'getOrderStatus') {
    const state = orderState(statusIn(responseBody), dataOf(responseBody));
    if (!state) return { ok: false, why: 'the order read has no status the states make' };
    generators.path = { type: 'ProviderState', expression: path.replace(/\/orders\/[^/]+/, '/orders/${orderId}') };
    return { ok: true, state };
  }
  const synced = SYNCED_READS.get(operationId);
  if (synced) {
    const state = syncedState(synced.one, synced.key, dataOf(responseBody));
    if (!state) return { ok: false, why: `the ${synced.one} read has no ${synced.key} to sync it by` };
    generators.path = { type: 'ProviderState', expression: path.replace(/\/[^/]+$/, `/\${${synced.idValue}}`) };
    return { ok: true, state };
  }
  if (operationId === 'getSubscription' || operationId === 'syncSubscription') return { ok: false, why: 'no provider state makes a subscription' };
  const list = LISTS.get(operationId);
  const first = firstItem(responseBody);
  if (list && first) {
    const state = list(first);
    if (state && operationId === 'listPayments' && request.query['orderId']) generators.query = { orderId: { type: 'ProviderState', expression: '${orderId}' } };
    return state ? { ok: true, state } : { ok: false, why: `no provider state makes the item ${operationId} listed` };
  }
  if (referencesRecordsById(request.body)) return { ok: false, why: 'its body names records by their ids (customerId, productId, planId), which a fresh provider does not have' };
  return { ok: true };
}

function bodyGenerators(request: RecordedRequest, status: number): Record<string, Generator> | undefined {
  const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : undefined;
  if (!body) return undefined;
  const generators: Record<string, Generator> = {};
  const from = (field: string, expression: string) => {
    if (typeof body[field] === 'string') generators[`$.${field}`] = { type: 'ProviderState', expression };
  };
  if (request.operationId === 'issueToken' && status < 300) {
    from('client_id', '${clientId}');
    from('client_secret', '${clientSecret}');
  }
  if (request.operationId === 'refreshToken') from('refresh_token', '${refreshToken}');
  if (request.operationId === 'revokeToken') from('token', '${accessToken}');
  const unique = UNIQUE_KEYS.get(request.operationId);
  if (unique && typeof body[unique] === 'string') generators[`$.${unique}`] = { type: 'ProviderState', expression: `${body[unique]}-\${runId}` };
  return Object.keys(generators).length > 0 ? generators : undefined;
}

/**
 * An order in that status; a failed or cancelled one with its payer's reason when the answer showed one (a reason is
 * part of the outcome: the state whose payer ends it so, rather than an order moved there by the admin API).
 */
function orderState(status: unknown, order?: Record<string, unknown>): ProviderStateRef | undefined {
  if (typeof status !== 'string' || !ORDER_STATUSES.has(status)) return undefined;
  const reasonOf = (record: unknown) => (record as { failureReason?: { code?: unknown } } | undefined)?.failureReason?.code;
  const reason = reasonOf(order) ?? reasonOf(order?.['payment']);
  const payer = PAYER_OUTCOMES.find((outcome) => outcome.status === status && outcome.reason !== undefined && outcome.reason === reason);
  return payer ? { name: payer.providerState } : { name: 'an order with status {status} exists', params: { status } };
}

function syncedState(one: string, key: string, record: Record<string, unknown> | undefined): ProviderStateRef | undefined {
  const value = record?.[key];
  return typeof value === 'string' && value.length > 0 ? { name: `a ${one} with ${key} {${key}} exists`, params: { [key]: value } } : undefined;
}

function dataOf(body: unknown): Record<string, unknown> | undefined {
  const data = (body as { data?: unknown } | undefined)?.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

function firstItem(body: unknown): Record<string, unknown> | undefined {
  const data = (body as { data?: unknown } | undefined)?.data;
  const first: unknown = Array.isArray(data) ? data[0] : undefined;
  return typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : undefined;
}

/** An order or subscription body pointing at existing records by id (`customer.customerId`, `items[].productId`, `plan.planId`). */
function referencesRecordsById(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const fields = body as { customer?: { customerId?: unknown }; plan?: { planId?: unknown }; items?: { productId?: unknown }[] };
  return (
    typeof fields.customer?.customerId === 'string' ||
    typeof fields.plan?.planId === 'string' ||
    (Array.isArray(fields.items) && fields.items.some((item) => typeof item?.productId === 'string'))
  );
}
