/**
 * Subscriptions: create from new data (upserting plan and customer) or from references, sync as
 * create-or-get by originSubscriptionId, list and get.
 */
import type { AppDeps } from '../deps.ts';
import { metadataProblem } from '../domain/metadata.ts';
import { paymentMethodForPhone } from '../domain/money.ts';
import { paginate } from '../domain/pagination.ts';
import { toPublic, type PaymentRecord, type SubscriptionRecord } from '../domain/records.ts';
import { DEFAULT_MAX_ATTEMPTS, periodEnd } from '../domain/subscriptions.ts';
import type { UpsertScope } from '../domain/upsert.ts';
import { failure } from '../http/errors.ts';
import { created, okData, okPage, type Reply } from '../http/reply.ts';
import { ownRecord } from './catalog.ts';
import { isProblem, resolveCustomer, resolvePlan } from './references.ts';
import { callerOf, type Handler, type HandlerInput } from './types.ts';

interface SubscriptionInput {
  plan: Record<string, unknown>;
  customer: Record<string, unknown>;
  name?: string;
  description?: string;
  maxAttempts?: number;
  originSubscriptionId?: string;
}

function createSubscriptionFrom(input: HandlerInput, deps: AppDeps): Reply {
  const body = input.body as SubscriptionInput;
  const oversized = metadataProblem(body.plan, 'plan');
  if (oversized) return failure('invalid_request', { details: [oversized] });
  const nowDate = deps.clock.now();
  const now = nowDate.toISOString();
  const scope: UpsertScope = { store: deps.store, random: deps.random, clientId: callerOf(input), now, pending: new Map() };
  const plan = resolvePlan(scope, body.plan, 'plan');
  const customer = resolveCustomer(scope, body.customer, 'customer');
  if (isProblem(plan) || isProblem(customer)) {
    const details = [plan, customer].filter(isProblem).map((resolution) => resolution.problem);
    return failure('unknown_reference', {
      message: `Referência desconhecida: ${details.map((detail) => detail.path).join(', ')}`,
      details,
    });
  }
  const { plan: _plan, customer: _customer, ...fields } = body;
  const subscription: SubscriptionRecord = {
    ...fields,
    id: deps.random.id('sub'),
    clientId: scope.clientId,
    status: 'PENDING',
    planId: plan.record.id,
    customerId: customer.record.id,
    attempts: 0,
    maxAttempts: body.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd(nowDate, plan.record).toISOString(),
    createdAt: now,
    updatedAt: now,
  };
  // The first billing period's payment, awaiting the payer.
  const payment: PaymentRecord = {
    id: deps.random.id('pay'),
    clientId: scope.clientId,
    subscriptionId: subscription.id,
    amount: plan.record.price,
    currency: 'MZN',
    method: paymentMethodForPhone(customer.record.phone),
    status: 'PENDING',
    createdAt: now,
    updatedAt: now,
  };
  deps.store.putMany([
    ...[plan.write, customer.write].filter((write) => write !== undefined),
    { collection: 'subscriptions', record: subscription },
    { collection: 'payments', record: payment },
  ]);
  return created(toPublic(subscription));
}

/** Create is not sync: an originSubscriptionId already in use is refused rather than duplicated. */
export const createSubscription: Handler = (input, deps) => {
  const key = (input.body as SubscriptionInput).originSubscriptionId;
  if (key !== undefined && findBySyncKey(input, deps, key)) {
    return failure('invalid_request', {
      details: [{ path: 'originSubscriptionId', message: 'já existe uma assinatura com este originSubscriptionId; use sync' }],
    });
  }
  return createSubscriptionFrom(input, deps);
};

function findBySyncKey(input: HandlerInput, deps: AppDeps, key: string): SubscriptionRecord | undefined {
  return deps.store.findByKey<SubscriptionRecord>('subscriptions', 'originSubscriptionId', callerOf(input), key);
}

export const syncSubscription: Handler = (input, deps) => {
  const existing = findBySyncKey(input, deps, (input.body as SubscriptionInput).originSubscriptionId ?? '');
  return existing ? okData(toPublic(existing)) : createSubscriptionFrom(input, deps);
};

export const listSubscriptions: Handler = (input, deps) => {
  const page = paginate(deps.store.list<SubscriptionRecord>('subscriptions', callerOf(input)), input.query);
  return okPage(page.items.map(toPublic), page.pagination);
};

export const getSubscription: Handler = (input, deps) => {
  const record = ownRecord<SubscriptionRecord>(deps, 'subscriptions', callerOf(input), input.params['subscription_id']);
  return record ? okData(toPublic(record)) : failure('not_found');
};
