/**
 * The clock moved: every subscription of a client that is not cancelled catches up with it, one billing step at a
 * time, each at its own instant and in order, until its next step lies after now. A year's jump on a monthly plan
 * bills twelve periods in one call. The rules are in `billing.ts` and `billing-steps.ts`; this reads and writes.
 */
import type { DomainEvent } from '../domain/events.ts';
import { ID_PREFIX } from '../domain/ids.ts';
import type { BillingPolicy } from '../domain/policy.ts';
import { done, type Outcome } from '../domain/outcome.ts';
import type { CustomerRecord, PaymentRecord, PlanRecord, RecordWrite, SubscriptionRecord } from '../domain/records.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { World } from '../deps/world.ts';
import { payerOutcomeOf, type FailureCode } from '../domain/payer-outcomes.ts';
import { nextBillingStep } from './billing.ts';
import { applyBillingStep } from './billing-steps.ts';

/**
 * Billing steps one slice may take, over all of a client's subscriptions. A long jump needs more: the clock
 * bills it slice after slice, letting requests in between (see src/server/clock-ticker.ts); every step is stored, so
 * the next slice resumes where this one stopped.
 */
export const STEPS_PER_SLICE = 250;

/**
 * What a payer's wallet makes of one billing run of one client. `refusal` meets a charge the billing rules would
 * pay: a failure reason to settle it with instead, or undefined to pay it; `ended` gives what a charge's end writes
 * beside it (the wallet's debit and statement line). A run's writes are stored together at its end, so the gate
 * keeps what it let through and debited (a wallet's balance and day) and meets each charge after every earlier one.
 * Without a gate, billing pays what its rules say.
 */
export interface ChargeGate {
  /** A charge the billing rules would fail that is paid all the same (an armed outcome, src/armed/); absent: none is. */
  pays?(charge: Readonly<PaymentRecord>, atMs: number): boolean;
  refusal(charge: Readonly<PaymentRecord>, payerPhone: string | undefined, atMs: number): FailureCode | undefined;
  ended(charge: Readonly<PaymentRecord>, payerPhone: string | undefined): RecordWrite[];
}
export type ChargeGateOf = (clientId: string) => ChargeGate;

interface SubscriptionBilled {
  subscription: SubscriptionRecord;
  written: RecordWrite[];
  events: DomainEvent[];
  /** Steps taken. */
  steps: number;
  /** Whether a step due by now was left for the next slice. */
  unfinished: boolean;
}

export interface BillingSlice {
  outcome: Outcome<SubscriptionRecord[]>;
  /** Some subscription still has steps due by now: bill another slice. */
  unfinished: boolean;
  steps: number;
}

export function billSubscriptions(deps: FlowDeps, world: World, maxSteps = STEPS_PER_SLICE, gateOf?: ChargeGateOf): BillingSlice {
  const { clientId } = world;
  const policy = world.policy.subscriptions;
  const nowMs = world.clock.nowMs();
  const gate = gateOf?.(clientId);
  const billed: SubscriptionRecord[] = [];
  const written: RecordWrite[] = [];
  const events: DomainEvent[] = [];
  let steps = 0;
  let unfinished = false;
  for (const listed of deps.store.list<SubscriptionRecord>('subscriptions', clientId)) {
    if (listed.status === 'CANCELLED') continue;
    if (steps >= maxSteps) {
      unfinished = true;
      break;
    }
    const one = billOne(deps, listed as SubscriptionRecord, policy, nowMs, maxSteps - steps, gate);
    if (!one) continue;
    steps += one.steps;
    unfinished ||= one.unfinished;
    billed.push(one.subscription);
    written.push(...one.written);
    events.push(...one.events);
  }
  // One journal line per client and slice: the steps of a slice become durable together or not at all.
  if (written.length > 0) deps.store.putMany(written);
  // Subscriptions interleave in time: their events go out in the order they happened (the sort is stable).
  events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return { outcome: done(billed, written, events), unfinished, steps };
}

/** The earliest instant (mock-clock ms) a billing step of one of the client's subscriptions comes due, if any. */
export function nextBillingAt(deps: FlowDeps, clientId: string, policy: BillingPolicy): number | undefined {
  let earliest: number | undefined;
  for (const subscription of deps.store.list<SubscriptionRecord>('subscriptions', clientId)) {
    if (subscription.status === 'CANCELLED' || !deps.store.get<PlanRecord>('plans', subscription.planId)) continue;
    const payer = payerOutcomeOf(deps.store.get<CustomerRecord>('customers', subscription.customerId)?.phone);
    const atMs = nextBillingStep(subscription, latestCharge(deps, subscription as SubscriptionRecord), policy, payer)?.atMs;
    if (atMs !== undefined && (earliest === undefined || atMs < earliest)) earliest = atMs;
  }
  return earliest;
}

function billOne(
  deps: FlowDeps,
  listed: SubscriptionRecord,
  policy: BillingPolicy,
  nowMs: number,
  maxSteps: number,
  gate: ChargeGate | undefined,
): SubscriptionBilled | undefined {
  const plan = deps.store.get<PlanRecord>('plans', listed.planId);
  if (!plan) return undefined;
  const context = {
    plan,
    payerPhone: deps.store.get<CustomerRecord>('customers', listed.customerId)?.phone,
    newPaymentId: () => deps.random.id(ID_PREFIX.payment),
  };
  const payer = payerOutcomeOf(context.payerPhone);
  let subscription: SubscriptionRecord = { ...listed };
  let charge = latestCharge(deps, subscription);
  // A record from before billing (seeded data, an older data file) learns its latest charge once, by a scan.
  const adopted = subscription._paymentId === undefined && charge !== undefined;
  if (adopted && charge) subscription = { ...subscription, _paymentId: charge.id };
  const payments = new Map<string, PaymentRecord>();
  /** What the charges' ends wrote beside them (the wallet's debits and statement lines). */
  const ended: RecordWrite[] = [];
  const events: DomainEvent[] = [];
  let steps = 0;
  let unfinished = false;
  for (;;) {
    const due = nextBillingStep(subscription, charge, policy, payer);
    if (!due || due.atMs > nowMs) break;
    if (steps >= maxSteps) {
      unfinished = true;
      break;
    }
    steps += 1;
    const paidAllTheSame = due.kind === 'settle' && !due.paid && charge !== undefined && gate?.pays?.(charge, due.atMs) === true;
    const ruled = paidAllTheSame ? { kind: 'settle' as const, atMs: due.atMs, paid: true } : due;
    const refused = ruled.kind === 'settle' && ruled.paid && charge && gate ? gate.refusal(charge, context.payerPhone, ruled.atMs) : undefined;
    const step = refused === undefined ? ruled : { kind: 'settle' as const, atMs: ruled.atMs, paid: false, reason: refused };
    const stepped = applyBillingStep(subscription, charge, step, context);
    subscription = stepped.subscription;
    charge = stepped.payment;
    payments.set(charge.id, charge);
    if (step.kind === 'settle' && gate) ended.push(...gate.ended(charge, context.payerPhone));
    events.push(...stepped.events);
  }
  if (payments.size === 0 && !adopted) return undefined;
  const written: RecordWrite[] = [
    { collection: 'subscriptions', record: subscription },
    ...[...payments.values()].map((record): RecordWrite => ({ collection: 'payments', record })),
    ...ended,
  ];
  return { subscription, written, events, steps, unfinished };
}

function latestCharge(deps: FlowDeps, subscription: SubscriptionRecord): PaymentRecord | undefined {
  if (subscription._paymentId !== undefined) return deps.store.get<PaymentRecord>('payments', subscription._paymentId);
  const payments = deps.store.list<PaymentRecord>('payments', subscription.clientId);
  for (let index = payments.length - 1; index >= 0; index -= 1) {
    const payment = payments[index];
    if (payment?.subscriptionId === subscription.id) return { ...payment };
  }
  return undefined;
}
