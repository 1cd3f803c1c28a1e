/** A record's story (src/stories/): an order's or a subscription's, for the console, a test or a coding agent. */
import { failure } from '../errors/failures.ts';
import type { AdminHandlerTable } from '../handlers/handler.ts';
import { okData } from '../domain/reply.ts';
import type { OrderRecord, SubscriptionRecord } from '../domain/records.ts';
import { orderStory } from '../stories/order-story.ts';
import type { StorySources } from '../stories/story-sources.ts';
import { subscriptionStory } from '../stories/subscription-story.ts';
import type { AdminContext } from './admin-context.ts';

export function storyHandlers(admin: AdminContext) {
  const sources: StorySources = { store: admin.deps.store, journal: admin.journal, deliveries: (filter) => admin.webhooks.deliveries(filter) };
  /** The record, when it exists and belongs to the selected client (if one is). */
  const selected = <R extends { clientId: string }>(record: R | undefined, clientId: unknown) =>
    record !== undefined && (clientId === undefined || record.clientId === clientId) ? record : undefined;
  return {
    getOrderStory(input) {
      const orderId = input.params['order_id'] ?? '';
      const order = selected(admin.deps.store.get<OrderRecord>('orders', orderId), input.query['clientId']);
      if (!order) return failure('unknown_order', { orderId });
      return okData(orderStory({ ...sources, causesOf: (id) => admin.statusCauses.of(id), profilePagesOf: (id) => admin.networkProfiles.pagesOf(id) }, order));
    },
    getSubscriptionStory(input) {
      const subscriptionId = input.params['subscription_id'] ?? '';
      const subscription = selected(admin.deps.store.get<SubscriptionRecord>('subscriptions', subscriptionId), input.query['clientId']);
      if (!subscription) return failure('unknown_subscription', { subscriptionId });
      return okData(subscriptionStory(sources, subscription));
    },
  } satisfies Partial<AdminHandlerTable>;
}
