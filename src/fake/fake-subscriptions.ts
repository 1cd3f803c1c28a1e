/**
 * Seeded subscriptions, one per status, each with the payments its history implies (docs/assumptions.md):
 * every period that began was paid, except the current one of a PAST_DUE or CANCELLED subscription, which
 * holds one FAILED payment per attempt.
 */
import type { CustomerRecord, PaymentRecord, PlanRecord, SubscriptionRecord, SubscriptionStatus } from '../domain/records.ts';
import { DEFAULT_MAX_ATTEMPTS, periodEnd } from '../subscriptions/periods.ts';
import { seededId } from '../platform/random.ts';
import { merchantKey, type SeedContext } from './seed-context.ts';
import { seedPayment } from './fake-payments.ts';
import { REFERENCE_DATE, daysBeforeReference, instantBetween, latest, plusMinutes } from './time.ts';

/** Six subscriptions covering every status. */
export const SUBSCRIPTION_STATUSES_SEEDED: readonly SubscriptionStatus[] = [
  'PENDING',
  'ACTIVE',
  'ACTIVE',
  'PAST_DUE',
  'PAST_DUE',
  'CANCELLED',
];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface SeededSubscriptions {
  subscriptions: SubscriptionRecord[];
  payments: PaymentRecord[];
}

export function seedSubscriptions(
  context: SeedContext,
  customers: readonly CustomerRecord[],
  plans: readonly PlanRecord[],
): SeededSubscriptions {
  const { faker } = context;
  // A subscriber holds one subscription; PAST_DUE and CANCELLED need a paid month behind them.
  const subscribers = faker.helpers.arrayElements(customers, SUBSCRIPTION_STATUSES_SEEDED.length);
  const monthlyPlans = plans.filter((plan) => plan.interval === 'monthly');
  const seeded: SeededSubscriptions = { subscriptions: [], payments: [] };
  SUBSCRIPTION_STATUSES_SEEDED.forEach((status, index) => {
    const customer = subscribers[index];
    if (customer === undefined) return;
    const plan = faker.helpers.arrayElement(status === 'PENDING' || status === 'ACTIVE' ? plans : monthlyPlans);
    const one = seedSubscription(context, status, customer, plan, merchantKey('SUB', index + 1));
    seeded.subscriptions.push(one.subscription);
    seeded.payments.push(...one.payments);
  });
  return seeded;
}

function seedSubscription(
  context: SeedContext,
  status: SubscriptionStatus,
  customer: CustomerRecord,
  plan: PlanRecord,
  originSubscriptionId: string,
): { subscription: SubscriptionRecord; payments: PaymentRecord[] } {
  const { faker } = context;
  // Subscribed after both the customer and the plan existed.
  const from = latest(new Date(customer.createdAt), new Date(plan.createdAt), earliestStart(status));
  const createdAt = instantBetween(faker, from, latestStart(status));
  const attempts = failedAttempts(context, status);
  const failures = attemptTimes(attempts);
  // A subscription in arrears has been retried daily up to the reference: its current period began by the first attempt.
  const starts = periodStarts(createdAt, plan, failures[0] ?? REFERENCE_DATE);
  const current = starts[starts.length - 1] ?? createdAt;
  const id = seededId(faker, 'sub');
  const pay = (statusOf: PaymentRecord['status'], at: Date, settledAt?: Date): PaymentRecord =>
    seedPayment(context, {
      owner: { subscriptionId: id },
      amount: plan.price,
      payerPhone: customer.phone,
      status: statusOf,
      createdAt: at,
      ...(settledAt !== undefined && { settledAt }),
    });

  const payments: PaymentRecord[] = [];
  if (status === 'PENDING') {
    payments.push(pay('PENDING', createdAt));
  } else {
    const paidStarts = status === 'ACTIVE' ? starts : starts.slice(0, -1);
    for (const start of paidStarts) payments.push(pay('PAID', start, plusMinutes(start, faker.number.int({ min: 1, max: 15 }))));
    for (const at of failures) payments.push(pay('FAILED', at, plusMinutes(at, 2)));
  }
  const updatedAt = payments.reduce(
    (last, payment) => (payment.updatedAt > last ? payment.updatedAt : last),
    createdAt.toISOString(),
  );
  return {
    subscription: {
      id,
      clientId: context.clientId,
      status,
      planId: plan.id,
      customerId: customer.id,
      name: plan.name,
      description: `${plan.name} de ${customer.name ?? 'cliente'}`,
      originSubscriptionId,
      attempts,
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
      currentPeriodStart: current.toISOString(),
      currentPeriodEnd: periodEnd(current, plan, createdAt.getUTCDate()).toISOString(),
      createdAt: createdAt.toISOString(),
      updatedAt,
      // Its latest charge, as billing keeps it: the first tick has nothing to learn (or write).
      ...(payments.length > 0 && { _paymentId: payments[payments.length - 1]?.id }),
    },
    payments,
  };
}

/** ACTIVE never failed; PAST_DUE failed fewer times than allowed; CANCELLED ran out of attempts. */
function failedAttempts({ faker }: SeedContext, status: SubscriptionStatus): number {
  if (status === 'PAST_DUE') return faker.number.int({ min: 1, max: DEFAULT_MAX_ATTEMPTS - 1 });
  if (status === 'CANCELLED') return DEFAULT_MAX_ATTEMPTS;
  return 0;
}

/**
 * A PENDING subscription was created seconds before the reference: its first charge is decided a minute after it
 * came due (the default billing policy), so the mock's first tick after start finds nothing due. One in arrears
 * started early enough to have paid a month.
 */
function earliestStart(status: SubscriptionStatus): Date {
  return status === 'PENDING' ? new Date(REFERENCE_DATE.getTime() - 5_000) : daysBeforeReference(90);
}

function latestStart(status: SubscriptionStatus): Date {
  if (status === 'PENDING') return new Date(REFERENCE_DATE.getTime() - 1_000);
  if (status === 'ACTIVE') return daysBeforeReference(2);
  return daysBeforeReference(40);
}

/** Start of every billing period that has begun by `until`, oldest first. */
function periodStarts(first: Date, plan: PlanRecord, until: Date): Date[] {
  const starts = [first];
  const anchorDay = first.getUTCDate();
  for (let next = periodEnd(first, plan); next.getTime() <= until.getTime(); next = periodEnd(next, plan, anchorDay)) {
    starts.push(next);
  }
  return starts;
}

/**
 * The failed attempts of the current period, a day apart as the default policy retries, the last one 23 hours
 * before the reference: the next retry (a day after the last failure) comes due only after the mock started.
 */
function attemptTimes(attempts: number): Date[] {
  const last = REFERENCE_DATE.getTime() - DAY_MS + HOUR_MS;
  return Array.from({ length: attempts }, (_, index) => new Date(last - (attempts - 1 - index) * DAY_MS));
}
