/**
 * Money moves once, as a property: seeded random mixes of orders and weekly subscriptions paid from one wallet,
 * status polls, clock moves, run-until-idle and admin transitions, against random balances and limits. Whatever
 * moved the money, the statement sums to the balance, each line's balance follows the one before, and no debit
 * takes the wallet below zero or past its limits unless a forced PAID (an admin transition) made it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderRecord, PaymentRecord } from '../../src/domain/records.ts';
import type { ScenarioInput } from '../../src/scenarios/scenario-schema.ts';
import { bearer, createTestApp, tokenFor, withScenario, type TestApp } from '../support/test-app.ts';

const SEED = 40_001;
const RUNS = 40;
const CLIENT = 'prop-job';
const PHONE = '+258841110000';
const WALLET = `/__admin/clients/${CLIENT}/wallets/${encodeURIComponent(PHONE)}`;
/** Pays on the third status poll or 600 s after the order was placed, whichever comes first. */
const POLL_OR_CLOCK = { name: 'poll-or-clock', orders: { progression: [{ status: 'PAID', after: { polls: 3 } }, { status: 'PAID', after: { seconds: 600 } }] } } satisfies ScenarioInput;

type Action =
  | { kind: 'order'; amount: number }
  | { kind: 'subscribe'; amount: number }
  | { kind: 'poll'; pick: number }
  | { kind: 'advance'; seconds: number }
  | { kind: 'idle'; maxSeconds: number }
  | { kind: 'transition'; pick: number; status: 'PAID' | 'FAILED' | 'CANCELLED' };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('order' as const), amount: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('subscribe' as const), amount: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('poll' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 1, max: 8 * 86_400 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('idle' as const), maxSeconds: fc.integer({ min: 0, max: 3 * 86_400 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('transition' as const), pick: fc.nat(), status: fc.constantFrom('PAID' as const, 'FAILED' as const, 'CANCELLED' as const) }) },
);

const wallet = fc.record({
  balance: fc.integer({ min: 0, max: 120 }),
  perTransaction: fc.option(fc.integer({ min: 5, max: 40 }), { nil: undefined }),
  perDay: fc.option(fc.integer({ min: 10, max: 100 }), { nil: undefined }),
});

interface World {
  t: TestApp;
  /** A bearer of the tenant, issued again once the tenant's clock has moved past its expiry. */
  auth: () => Promise<{ Authorization: string }>;
  /** The tenant's clock, as its last move left it. */
  nowMs: number;
  orders: string[];
  /** Payments an admin transition forced to PAID: they may take the wallet below zero or past its limits. */
  forced: Set<string>;
}

async function tenant(setup: { balance: number; perTransaction: number | undefined; perDay: number | undefined }): Promise<World> {
  const t = await createTestApp({}, { scenarios: withScenario(POLL_OR_CLOCK) });
  const made = (await t.http.post('/__admin/tenants').send({ clientId: CLIENT, clock: { frozenAt: '2030-03-01T08:00:00Z' }, scenario: POLL_OR_CLOCK.name }).expect(201)).body.data;
  const limits = { ...(setup.perTransaction !== undefined && { perTransaction: setup.perTransaction }), ...(setup.perDay !== undefined && { perDay: setup.perDay }) };
  await t.http.put(WALLET).send({ balance: setup.balance, pin: '1234', limits }).expect(201);
  const world: World = { t, auth: async () => ({ Authorization: '' }), nowMs: Date.parse('2030-03-01T08:00:00Z'), orders: [], forced: new Set() };
  let token: { value: string; expiresMs: number } | undefined;
  world.auth = async () => {
    if (!token || token.expiresMs <= world.nowMs + 1000) {
      token = { value: await tokenFor(t, { client_id: made.clientId, client_secret: made.clientSecret }), expiresMs: world.nowMs + 3_600_000 };
    }
    return bearer(token.value);
  };
  return world;
}

async function act(world: World, step: Action): Promise<void> {
  const { t, auth, orders } = world;
  const customer = { merchantCustomerId: 'C-P', name: 'Ana Sitoe', phone: '841110000' };
  const picked = orders.length === 0 ? undefined : orders[('pick' in step ? step.pick : 0) % orders.length];
  switch (step.kind) {
    case 'order': {
      const body = { customer, items: [{ originProductId: `P-${step.amount}`, name: 'Pão', price: step.amount, quantity: 1 }], shippingCost: 0, shippingAddressDisabled: true };
      orders.push((await t.http.post('/v1/orders').set(await auth()).send(body).expect(201)).body.data.id);
      return;
    }
    case 'subscribe': {
      const plan = { originPlanId: `PLAN-${step.amount}-${orders.length}`, name: 'Semanal', price: step.amount, interval: 'weekly' };
      await t.http.post('/v1/subscriptions').set(await auth()).send({ plan, customer }).expect(201);
      return;
    }
    case 'poll':
      if (picked) await t.http.get(`/v1/orders/${picked}/status`).set(await auth()).expect(200);
      return;
    case 'advance':
      world.nowMs = Date.parse((await t.http.post(`/__admin/clients/${CLIENT}/clock/advance`).send({ seconds: step.seconds }).expect(200)).body.data.now);
      return;
    case 'idle':
      world.nowMs = Date.parse((await t.http.post(`/__admin/clients/${CLIENT}/clock/run-until-idle`).send({ maxSeconds: step.maxSeconds }).expect(200)).body.data.now);
      return;
    case 'transition': {
      if (!picked) return;
      const moved = (await t.http.post(`/__admin/orders/${picked}/transition`).send({ status: step.status }).expect(200)).body.data;
      const paymentId = t.store.get<OrderRecord>('orders', picked)?._paymentId;
      if (moved.moved && step.status === 'PAID' && paymentId) world.forced.add(paymentId);
    }
  }
}

interface Line {
  at: string;
  kind: string;
  amount: number;
  balanceAfter: number;
  paymentId: string;
}

const maputoDay = (at: string) => Math.floor((Date.parse(at) + 2 * 3600_000) / 86_400_000);

async function checkMoney(world: World, setup: { balance: number; perTransaction: number | undefined; perDay: number | undefined }): Promise<void> {
  const { t, forced } = world;
  const balance = (await t.http.get(WALLET).expect(200)).body.data.balance as number;
  const lines = (await t.http.get(`${WALLET}/statement`).expect(200)).body.data as Line[];
  const debits = lines.filter((line) => line.kind === 'debit');
  // The statement sums to the balance, and each line's balance follows the one before.
  expect(Math.round((setup.balance - debits.reduce((sum, line) => sum + line.amount, 0)) * 100) / 100).toBe(balance);
  let running = setup.balance;
  const spentOnDay = new Map<number, number>();
  for (const line of lines) {
    const before = running;
    if (line.kind === 'debit') running = Math.round((running - line.amount) * 100) / 100;
    expect(line.balanceAfter).toBe(running);
    if (line.kind !== 'debit') continue;
    const day = maputoDay(line.at);
    const spent = (spentOnDay.get(day) ?? 0) + line.amount;
    spentOnDay.set(day, spent);
    if (forced.has(line.paymentId)) continue;
    // A debit nobody forced meets the balance and the limits as the earlier debits left them.
    expect(line.amount, `debit of ${line.paymentId} at ${line.at}`).toBeLessThanOrEqual(before);
    if (setup.perTransaction !== undefined) expect(line.amount).toBeLessThanOrEqual(setup.perTransaction);
    if (setup.perDay !== undefined) expect(spent).toBeLessThanOrEqual(setup.perDay);
  }
  expect(running).toBe(balance);
  // Every paid payment of the wallet's number is on the statement once.
  const paid = t.store.list<PaymentRecord>('payments', CLIENT).filter((payment) => payment.status === 'PAID').map((payment) => payment.id);
  expect(debits.map((line) => line.paymentId).sort()).toEqual([...paid].sort());
}

describe('money moves once, whatever moves it', () => {
  it('keeps the statement and the balance one story, never below zero or past a limit unless forced', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(wallet, fc.array(action, { minLength: 4, maxLength: 14 }), async (setup, steps) => {
        const world = await tenant(setup);
        for (const step of steps) {
          await act(world, step);
          await checkMoney(world, setup);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
