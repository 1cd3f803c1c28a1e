/** Orders: create in the five forms of the seed, list, get, and the status operation meant for polling. */
import { failure } from '../errors/failures.ts';
import { callerOf, worldOf, type HandlerTable } from './handler.ts';
import { okData, okPage, replyOf } from '../domain/reply.ts';
import type { OrderFlow } from '../orders/order-flow.ts';
import { createdOrderBody, orderView, statusView } from '../orders/views.ts';
import { paginate } from '../domain/pagination.ts';

export function orderHandlers(orders: OrderFlow): Pick<HandlerTable, 'createOrder' | 'listOrders' | 'getOrder' | 'getOrderStatus'> {
  return {
    createOrder: (input) =>
      replyOf(orders.place(worldOf(input), input.body), (order) => ({ ok: true, status: 201, body: createdOrderBody(order, input.context.baseUrl) })),
    listOrders(input) {
      const page = paginate(orders.list(callerOf(input), input.query), input.query);
      return okPage(page.items.map((order) => orderView(order, input.context.baseUrl)), page.pagination);
    },
    getOrder(input) {
      const order = orders.get(callerOf(input), input.params['order_id']);
      return order ? okData(orderView(order, input.context.baseUrl)) : failure('not_found');
    },
    // HEAD must be safe (RFC 9110 §9.2.1): a link checker or health probe does not count as a poll.
    getOrderStatus: (input) =>
      replyOf(
        orders.pollStatus(worldOf(input), input.params['order_id'], {
          count: input.context.method !== 'HEAD',
          progression: input.context.policy.orders,
        }),
        (order) => okData(statusView(order, orders.paymentOf(order))),
      ),
  };
}
