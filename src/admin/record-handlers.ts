/**
 * A client's orders, subscriptions and payments, for the QA console: the API's own lists (same filters, order and
 * pagination), read by the admin for any client without that client's token.
 */
import type { AdminHandler, AdminHandlerTable } from '../handlers/handler.ts';
import type { StoredRecord } from '../domain/records.ts';
import { okPage, type Reply } from '../domain/reply.ts';
import { paginate } from '../domain/pagination.ts';
import { toPublic } from '../domain/public-view.ts';
import type { AdminContext } from './admin-context.ts';
import { unknownClient } from './client-handlers.ts';

type ListOf = (clientId: string, filter: { status?: unknown }) => ReadonlyArray<Readonly<StoredRecord>>;

export function recordHandlers(admin: AdminContext) {
  const { flows } = admin;
  const listing = (list: ListOf): AdminHandler<'listClientOrders' | 'listClientSubscriptions' | 'listClientPayments'> => (input): Reply => {
    const clientId = input.params['client_id'] ?? '';
    if (!admin.deps.clients.find(clientId)) return unknownClient(clientId);
    const page = paginate(list(clientId, { status: input.query['status'] }), input.query);
    return okPage(page.items.map(toPublic), page.pagination);
  };
  return {
    listClientOrders: listing((clientId, filter) => flows.orders.list(clientId, filter)),
    listClientSubscriptions: listing((clientId, filter) => flows.subscriptions.list(clientId, filter)),
    listClientPayments: listing((clientId, filter) => flows.payments.list(clientId, filter)),
  } satisfies Partial<AdminHandlerTable>;
}
