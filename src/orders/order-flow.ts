/**
 * The orders flow: place, pay, fail, cancel, the status operation meant for polling, and the owner-scoped
 * reads. The progression (what moves a pending order by itself) is data handed in, not code.
 */
import { failure } from '../core/failures.ts';
import { done, type Outcome } from '../core/outcome.ts';
import type { OrderPollsRecord, OrderRecord, PaymentRecord, RecordWrite } from '../core/records.ts';
import type { FlowDeps } from '../deps.ts';
import { ownRecord, ownRecords } from '../records/owned.ts';
import { placeOrder, type OrderInput } from './place.ts';
import { dueStatus, type OrderProgression } from './progression.ts';
import { moveOrder, type FinalStatus } from './transitions.ts';

export interface OrderFilter {
  status?: unknown;
  customerId?: unknown;
}

export interface OrderFlow {
  place(clientId: string, input: OrderInput): Outcome<OrderRecord>;
  /** Move a pending order to a final status (the payer paid, the payment failed, the order was cancelled). */
  settle(clientId: string, orderId: string, status: FinalStatus): Outcome<OrderRecord>;
  /** One status poll: counted, and the progression applied. `count: false` reads without polling (HEAD). */
  pollStatus(clientId: string, orderId: string | undefined, options?: { count: boolean }): Outcome<OrderRecord>;
  get(clientId: string, orderId: string | undefined): OrderRecord | undefined;
  list(clientId: string, filter: OrderFilter): ReadonlyArray<Readonly<OrderRecord>>;
}

export function orderFlow(deps: FlowDeps, progression: () => OrderProgression): OrderFlow {
  const get = (clientId: string, orderId: string | undefined) => ownRecord<OrderRecord>(deps.store, 'orders', clientId, orderId);
  const paymentOf = (order: OrderRecord) =>
    order._paymentId === undefined ? undefined : deps.store.get<PaymentRecord>('payments', order._paymentId);

  /** Writes the move together with `extra` (a poll count), or just `extra` when the order does not move. */
  const apply = (order: OrderRecord, status: FinalStatus | undefined, extra: RecordWrite[]): Outcome<OrderRecord> => {
    const move = status === undefined ? undefined : moveOrder(order, paymentOf(order), status, deps.clock.now().toISOString());
    const written: RecordWrite[] = [...extra];
    if (move) written.push({ collection: 'orders', record: move.order });
    if (move?.payment) written.push({ collection: 'payments', record: move.payment });
    deps.store.putMany(written);
    return done(move?.order ?? order, written, move?.events ?? []);
  };

  return {
    place: (clientId, input) => placeOrder(deps, clientId, input),
    settle(clientId, orderId, status) {
      const order = get(clientId, orderId);
      // A final order stays as it is: a repeated pay or cancel changes nothing twice.
      return order ? apply(order, status, []) : failure('not_found');
    },
    pollStatus(clientId, orderId, options = { count: true }) {
      const order = get(clientId, orderId);
      if (!order) return failure('not_found');
      if (!options.count) return done(order);
      const polls = (deps.store.get<OrderPollsRecord>('orderPolls', order.id)?.polls ?? 0) + 1;
      const counted: OrderPollsRecord = { id: order.id, clientId, polls };
      const ageMs = deps.clock.nowMs() - Date.parse(order.createdAt);
      const status = order.status === 'PENDING' ? dueStatus(progression(), { polls, ageMs }) : undefined;
      return apply(order, status, [{ collection: 'orderPolls', record: counted }]);
    },
    get,
    list: (clientId, filter) =>
      ownRecords<OrderRecord>(
        deps.store,
        'orders',
        clientId,
        (order) =>
          (filter.status === undefined || order.status === filter.status) &&
          (filter.customerId === undefined || order.customerId === filter.customerId),
      ),
  };
}
