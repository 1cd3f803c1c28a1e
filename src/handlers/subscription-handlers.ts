/** Subscriptions: create (new data or references), sync as create-or-get, list (filtered by status, customerId) and get. */
import { failure } from '../errors/failures.ts';
import { callerOf, worldOf, type HandlerTable } from './handler.ts';
import { created, okData, okPage, replyOf } from '../domain/reply.ts';
import { paginate } from '../domain/pagination.ts';
import { toPublic } from '../domain/public-view.ts';
import type { SubscriptionFlow } from '../subscriptions/subscription-flow.ts';

export function subscriptionHandlers(
  subscriptions: SubscriptionFlow,
): Pick<HandlerTable, 'createSubscription' | 'syncSubscription' | 'listSubscriptions' | 'getSubscription'> {
  return {
    createSubscription: (input) =>
      replyOf(subscriptions.create(worldOf(input), input.body), (record) => created(toPublic(record))),
    syncSubscription: (input) =>
      replyOf(subscriptions.sync(worldOf(input), input.body), (synced) =>
        okData(toPublic(synced.subscription), synced.created ? 201 : 200),
      ),
    listSubscriptions(input) {
      const page = paginate(subscriptions.list(callerOf(input), input.query), input.query);
      return okPage(page.items.map(toPublic), page.pagination);
    },
    getSubscription(input) {
      const record = subscriptions.get(callerOf(input), input.params['subscription_id']);
      return record ? okData(toPublic(record)) : failure('not_found');
    },
  };
}
