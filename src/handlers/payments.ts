/** Payments are created by the order and subscription lifecycles; clients only list them. */
import { paginate } from '../domain/pagination.ts';
import { toPublic, type PaymentRecord } from '../domain/records.ts';
import { okPage } from '../http/reply.ts';
import { callerOf, type Handler } from './types.ts';

export const listPayments: Handler = (input, deps) => {
  const { orderId, status } = input.query;
  const payments = deps.store
    .list<PaymentRecord>('payments', callerOf(input))
    .filter((payment) => (orderId === undefined || payment.orderId === orderId) && (status === undefined || payment.status === status));
  const page = paginate(payments, input.query);
  return okPage(page.items.map(toPublic), page.pagination);
};
