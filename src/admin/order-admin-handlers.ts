/** Moving an order by hand (QA, the console): through the order flow, so its payment, events and webhooks follow. */
import { failure } from '../errors/failures.ts';
import type { AdminHandlerTable } from '../handlers/handler.ts';
import { okData } from '../domain/reply.ts';
import type { AdminContext } from './admin-context.ts';

export function orderHandlers(admin: AdminContext) {
  return {
    async transitionOrder(input) {
      const orderId = input.params['order_id'] ?? '';
      const order = admin.flows.orders.find(orderId);
      if (!order) return failure('unknown_order', { orderId });
      const outcome = admin.flows.orders.settle(admin.worlds.of(order.clientId), orderId, input.body.status, { trigger: { by: 'admin' } });
      if (!outcome.ok) return outcome;
      await admin.apply(outcome);
      return okData({ id: orderId, clientId: order.clientId, status: outcome.value.status, moved: outcome.value.status !== order.status });
    },
  } satisfies Partial<AdminHandlerTable>;
}
