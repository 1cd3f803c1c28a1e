/**
 * The orders flow: place, pay, fail, cancel, the status operation meant for polling, and the owner-scoped
 * reads. The progression (what moves a pending order by itself) is data handed in, not code.
 */
import type { DomainEvent, MoveTrigger } from '../domain/events.ts';
import { failure } from '../errors/failures.ts';
import { done, type Outcome } from '../domain/outcome.ts';
import type { OrderPollsRecord, OrderRecord, PaymentRecord, RecordWrite } from '../domain/records.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { World } from '../deps/world.ts';
import { byStatusAndCustomer, ownRecord, ownRecords, type StatusAndCustomerFilter } from '../store/owned-records.ts';
import { placeOrder, type OrderInput } from './place.ts';
import type { StepsOf } from './payer-progression.ts';
import { startPrompt } from './payer-prompt.ts';
import { dueStep, dueTimeStep, firstTimeStepAt, type OrderProgression, type ProgressionStep } from './progression.ts';
import { moveOrder, type FinalStatus, type MoveCause, type Payer } from './transitions.ts';

export interface OrderFlow {
  /** A write is made in the world of its client (its clock stamps the records). */
  place(world: World, input: OrderInput): Outcome<OrderRecord>;
  /**
   * Move a pending order to a final status (the payer paid, the payment failed, the order was cancelled). With a
   * payer (the checkout page), the payment records the wallet and number they used.
   */
  settle(world: World, orderId: string, status: FinalStatus, cause?: MoveCause): Outcome<OrderRecord>;
  /**
   * The payer typed their number on the checkout page: the wallet sends their phone a prompt, and the order stays
   * PENDING until the prompt's outcome is due (src/orders/payer-progression.ts). A final order, or one whose
   * prompt is already out, does not change.
   */
  prompt(world: World, orderId: string, payer: Payer): Outcome<OrderRecord>;
  /**
   * One status poll of a pending order: counted, and the progression applied (a final order is only read). `count: false` reads without polling (HEAD), and
   * still applies a time step that is due.
   */
  pollStatus(world: World, orderId: string | undefined, options: { count: boolean; progression: OrderProgression }): Outcome<OrderRecord>;
  /** The clock moved: every pending order of the client whose time step is now due moves, each at its step's instant. */
  advance(world: World): Outcome<OrderRecord[]>;
  /** The earliest instant (mock-clock ms) a time step of one of the client's pending orders comes due, if any. */
  nextDueAt(world: World): number | undefined;
  get(clientId: string, orderId: string | undefined): OrderRecord | undefined;
  /** The order's payment (orders placed through the API have one; seeded ones may not). */
  paymentOf(order: OrderRecord): PaymentRecord | undefined;
  /** An order of any client, by id alone (its `clientId` says whose): for the public checkout page, which has no bearer. */
  find(orderId: string | undefined): OrderRecord | undefined;
  list(clientId: string, filter: StatusAndCustomerFilter): ReadonlyArray<Readonly<OrderRecord>>;
}

export interface OrderFlowOptions {
  /** The steps one pending order follows under a progression; by default the progression's own steps. */
  stepsOf?: StepsOf;
  /** What the payer's phone does with a prompt the checkout page sends; by default it lets every prompt out. */
  promptGate?: PromptGate;
  /** What a pending order's settling (the payer's answer, the checkout page, an action) becomes; by default what it asked. */
  settleAs?: SettleAs;
  /** What a payment's end writes beside the move, in the same write; by default nothing. */
  paymentEnded?: PaymentEnded;
}

/** A move asked of a pending order by an action rather than by its progression: the status and why. */
export interface AskedMove {
  status: FinalStatus;
  cause?: MoveCause | undefined;
}

/**
 * The move a pending order makes when an action settles it (src/armed/armed-orders.ts: an armed outcome takes the
 * place of the payer's answer, so it binds the order however it is settled). `nowMs`: the client's clock.
 */
export type SettleAs = (order: OrderRecord, payment: PaymentRecord | undefined, asked: AskedMove, nowMs: number) => AskedMove;

/**
 * A payment ended (paid, failed, cancelled): the records its end changes beside it, written in the same write as the
 * move, so the next move of the same change reads them (src/wallets/wallet-ledger.ts: the wallet's debit and
 * statement line; src/armed/armed-orders.ts: the armed outcome counted down).
 */
export type PaymentEnded = (payment: Readonly<PaymentRecord>, cause: MoveCause | undefined) => RecordWrite[];

/**
 * The payer's phone meets a prompt about to go out (`prompted`: the payment with its prompt started): it refuses it
 * at once, and the order fails with that cause, or lets it out with records of its own written beside the payment
 * (src/wallets/wallet-prompt-gate.ts: a locked wallet, a prompt still open on the phone).
 */
export type PromptGate = (prompted: PaymentRecord, payer: Payer, world: World) => { refuse: MoveCause } | { written: RecordWrite[] };

export function orderFlow(deps: FlowDeps, options: OrderFlowOptions = {}): OrderFlow {
  const stepsOf: StepsOf = options.stepsOf ?? ((progression) => progression.steps);
  const settleAs: SettleAs = options.settleAs ?? ((_order, _payment, asked) => asked);
  const get = (clientId: string, orderId: string | undefined) => ownRecord<OrderRecord>(deps.store, 'orders', clientId, orderId);
  const paymentOf = (order: OrderRecord) =>
    order._paymentId === undefined ? undefined : deps.store.get<PaymentRecord>('payments', order._paymentId);

  /** Writes the move together with `extra` (a poll count), or just `extra` when the order does not move. */
  const apply = (
    order: OrderRecord,
    status: FinalStatus | undefined,
    extra: RecordWrite[],
    at: string,
    cause?: MoveCause,
  ): Outcome<OrderRecord> => {
    const move = status === undefined ? undefined : moveOrder(order, paymentOf(order), status, at, cause);
    const written: RecordWrite[] = [...extra];
    if (move) written.push({ collection: 'orders', record: move.order });
    if (move?.payment) written.push({ collection: 'payments', record: move.payment }, ...(options.paymentEnded?.(move.payment, cause) ?? []));
    deps.store.putMany(written);
    return done(move?.order ?? order, written, move?.events ?? []);
  };

  return {
    place: (world, input) => placeOrder(deps, world, input),
    settle(world, orderId, status, cause) {
      const order = get(world.clientId, orderId);
      if (!order) return failure('not_found');
      // A final order stays as it is: a repeated pay or cancel changes nothing twice.
      const move = order.status === 'PENDING' ? settleAs(order, paymentOf(order), { status, cause }, world.clock.nowMs()) : { status, cause };
      return apply(order, move.status, [], world.clock.now().toISOString(), move.cause);
    },
    prompt(world, orderId, payer) {
      const order = get(world.clientId, orderId);
      if (!order) return failure('not_found');
      const at = world.clock.now().toISOString();
      const payment = startPrompt(order, paymentOf(order), payer, at);
      if (!payment) return done(order);
      const gate = options.promptGate?.(payment, payer, world) ?? { written: [] };
      if ('refuse' in gate) {
        const move = settleAs(order, payment, { status: 'FAILED', cause: gate.refuse }, world.clock.nowMs());
        return apply(order, move.status, [], at, move.cause);
      }
      const written: RecordWrite[] = [{ collection: 'payments', record: payment }, ...gate.written];
      deps.store.putMany(written);
      return done(order, written);
    },
    pollStatus(world, orderId, options) {
      const { clientId } = world;
      const order = get(clientId, orderId);
      if (!order) return failure('not_found');
      // Polls are counted while they can move the order: a poll of a final order changes nothing and writes nothing.
      if (order.status !== 'PENDING') return done(order);
      const previous = deps.store.get<OrderPollsRecord>('orderPolls', order.id)?.polls ?? 0;
      const polls = options.count ? previous + 1 : previous;
      const nowMs = world.clock.nowMs();
      const ageMs = nowMs - Date.parse(order.createdAt);
      const step = dueStep(stepsOf(options.progression, order, paymentOf(order), nowMs), { polls, ageMs });
      const counted: RecordWrite[] = options.count ? [{ collection: 'orderPolls', record: { id: order.id, clientId, polls } satisfies OrderPollsRecord }] : [];
      return apply(order, step?.status, counted, new Date(nowMs).toISOString(), causeOf(step, polls));
    },
    advance(world) {
      const { clientId, policy } = world;
      const progression = policy.orders;
      const nowMs = world.clock.nowMs();
      const moved: OrderRecord[] = [];
      const written: RecordWrite[] = [];
      const events: DomainEvent[] = [];
      for (const pending of deps.store.list<OrderRecord>('orders', clientId).filter((order) => order.status === 'PENDING')) {
        const order = pending as OrderRecord;
        const due = dueTimeStep(stepsOf(progression, order, paymentOf(order), nowMs), Date.parse(order.createdAt), nowMs);
        if (!due) continue;
        const outcome = apply(order, due.step.status, [], new Date(due.atMs).toISOString(), causeOf(due.step, 0));
        if (!outcome.ok) continue;
        moved.push(outcome.value);
        written.push(...outcome.written);
        events.push(...outcome.events);
      }
      return done(moved, written, events);
    },
    nextDueAt({ clientId, policy, clock }) {
      const progression = policy.orders;
      const nowMs = clock.nowMs();
      let earliest: number | undefined;
      for (const order of deps.store.list<OrderRecord>('orders', clientId)) {
        if (order.status !== 'PENDING') continue;
        const atMs = firstTimeStepAt(stepsOf(progression, order, paymentOf(order), nowMs), Date.parse(order.createdAt));
        if (atMs !== undefined && (earliest === undefined || atMs < earliest)) earliest = atMs;
      }
      return earliest;
    },
    get,
    paymentOf,
    find: (orderId) => (orderId === undefined ? undefined : deps.store.get<OrderRecord>('orders', orderId)),
    list: (clientId, filter) =>
      ownRecords<OrderRecord>(deps.store, 'orders', clientId, byStatusAndCustomer(filter)),
  };
}

/** A due step's cause: its reason, and what made it due (a poll, or its time). */
function causeOf(step: ProgressionStep | undefined, polls: number): MoveCause | undefined {
  if (!step || step.after === 'action') return undefined;
  const trigger: MoveTrigger = 'polls' in step.after ? { by: 'poll', polls } : { by: 'progression', afterSeconds: step.after.seconds };
  return { trigger, ...(step.reason !== undefined && { reason: step.reason }), ...(step.armed && { armed: step.armed }) };
}
