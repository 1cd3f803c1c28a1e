/**
 * The subscriptions flow: create from new data (upserting plan and customer) or from references, sync as
 * create-or-get by originSubscriptionId, billing on the mock clock, and the owner-scoped reads. A new
 * subscription starts PENDING with its first period's payment awaiting the payer.
 */
import type { BillingPolicy } from '../domain/policy.ts';
import { failure } from '../errors/failures.ts';
import { ID_PREFIX } from '../domain/ids.ts';
import { done, type Outcome } from '../domain/outcome.ts';
import type { Schemas } from '../domain/operation-ids.ts';
import type { SubscriptionRecord } from '../domain/records.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { World } from '../deps/world.ts';
import { writeNewPurchase } from '../orders/new-purchase.ts';
import { metadataProblem } from '../catalog/metadata.ts';
import { byStatusAndCustomer, ownRecord, ownRecords, type StatusAndCustomerFilter } from '../store/owned-records.ts';
import { isProblem, resolveCustomer, resolvePlan, unknownReferences } from '../catalog/references.ts';
import { upsertScope } from '../catalog/upsert-scope.ts';
import { billSubscriptions, nextBillingAt, type BillingSlice, type ChargeGateOf } from './bill-subscriptions.ts';
import { DEFAULT_MAX_ATTEMPTS, periodEnd } from './periods.ts';

/** Create takes a subscription in either form; sync the same with its originSubscriptionId. */
export type SubscriptionInput = Schemas['SubscriptionInput'] | Schemas['SubscriptionSyncInput'];

export interface Synced {
  subscription: SubscriptionRecord;
  created: boolean;
}

export interface SubscriptionFlow {
  create(world: World, input: SubscriptionInput): Outcome<SubscriptionRecord>;
  sync(world: World, input: SubscriptionInput): Outcome<Synced>;
  /**
   * The clock moved: each subscription of the world's client that is not cancelled is charged, settled, retried
   * and renewed up to now on its clock under its billing policy, each step at its own instant (see billing.ts), at
   * most `maxSteps` billing steps in one slice; the slice says whether more are due.
   */
  billSlice(world: World, maxSteps: number): BillingSlice;
  /** The earliest instant (on the world's clock, in ms) one of its client's subscriptions has a billing step due. */
  nextBillingAt(world: World): number | undefined;
  get(clientId: string, id: string | undefined): SubscriptionRecord | undefined;
  list(clientId: string, filter: StatusAndCustomerFilter): ReadonlyArray<Readonly<SubscriptionRecord>>;
}

/** `gateOf`: what meets a charge about to be paid (the payer's wallet, src/wallets/wallet-charge-gate.ts). */
export function subscriptionFlow(deps: FlowDeps, parts: { gateOf?: ChargeGateOf } = {}): SubscriptionFlow {
  const bySyncKey = (clientId: string, key: string) =>
    deps.store.findByKey<SubscriptionRecord>('subscriptions', 'originSubscriptionId', clientId, key);
  return {
    create(world, input) {
      const { clientId } = world;
      // Create is not sync: an originSubscriptionId already in use is refused rather than duplicated.
      if (input.originSubscriptionId !== undefined && bySyncKey(clientId, input.originSubscriptionId)) {
        return failure('duplicate_subscription_key');
      }
      return subscribe(deps, world, input);
    },
    sync(world, input) {
      const { clientId } = world;
      const existing = bySyncKey(clientId, input.originSubscriptionId ?? '');
      if (existing) return done({ subscription: existing, created: false });
      const created = subscribe(deps, world, input);
      return created.ok ? { ...created, value: { subscription: created.value, created: true } } : created;
    },
    billSlice: (world, maxSteps) => billSubscriptions(deps, world, maxSteps, parts.gateOf),
    nextBillingAt: (world) => nextBillingAt(deps, world.clientId, world.policy.subscriptions),
    get: (clientId, id) => ownRecord<SubscriptionRecord>(deps.store, 'subscriptions', clientId, id),
    list: (clientId, filter) =>
      ownRecords<SubscriptionRecord>(deps.store, 'subscriptions', clientId, byStatusAndCustomer(filter)),
  };
}

function subscribe(deps: FlowDeps, world: World, input: SubscriptionInput): Outcome<SubscriptionRecord> {
  const { clientId } = world;
  const oversized = metadataProblem(input.plan, 'plan');
  if (oversized) return failure('invalid_request', { details: [oversized] });
  const scope = upsertScope(deps, world, { repeatedKeys: true });
  const plan = resolvePlan(scope, input.plan, 'plan');
  const customer = resolveCustomer(scope, input.customer, 'customer');
  if (isProblem(plan) || isProblem(customer)) {
    // Each resolution apart: a mixed array of two record types makes the generic guard ambiguous to the compiler.
    return unknownReferences([isProblem(plan) ? plan.problem : undefined, isProblem(customer) ? customer.problem : undefined].filter((problem) => problem !== undefined));
  }
  const now = scope.now;
  const { plan: _plan, customer: _customer, ...fields } = input;
  const id = deps.random.id(ID_PREFIX.subscription);
  const paymentId = deps.random.id(ID_PREFIX.payment);
  const subscription: SubscriptionRecord = {
    ...fields,
    id,
    clientId,
    status: 'PENDING',
    planId: plan.record.id,
    customerId: customer.record.id,
    attempts: 0,
    maxAttempts: input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd(new Date(now), plan.record).toISOString(),
    createdAt: now,
    updatedAt: now,
    _paymentId: paymentId,
  };
  return writeNewPurchase(deps.store, {
    references: [plan, customer],
    collection: 'subscriptions',
    record: subscription,
    created: { type: 'subscription.created', clientId, at: now, subscriptionId: id, status: 'PENDING' },
    payment: { id: paymentId, owner: { subscriptionId: id }, amount: plan.record.price, payerPhone: customer.record.phone },
  });
}
