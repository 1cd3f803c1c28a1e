/** Payments are created by the order and subscription flows; clients only read them, filtered. */
import type { PaymentRecord } from '../domain/records.ts';
import type { Store } from '../store/store-types.ts';
import { ownRecords } from '../store/owned-records.ts';

export interface PaymentFilter {
  orderId?: unknown;
  subscriptionId?: unknown;
  status?: unknown;
  method?: unknown;
}

export interface PaymentQueries {
  list(clientId: string, filter: PaymentFilter): ReadonlyArray<Readonly<PaymentRecord>>;
}

export function paymentQueries(store: Store): PaymentQueries {
  return { list: (clientId, filter) => listPayments(store, clientId, filter) };
}

function listPayments(store: Store, clientId: string, filter: PaymentFilter): ReadonlyArray<Readonly<PaymentRecord>> {
  return ownRecords<PaymentRecord>(
    store,
    'payments',
    clientId,
    (payment) =>
      (filter.orderId === undefined || payment.orderId === filter.orderId) &&
      (filter.subscriptionId === undefined || payment.subscriptionId === filter.subscriptionId) &&
      (filter.status === undefined || payment.status === filter.status) &&
      (filter.method === undefined || payment.method === filter.method),
  );
}
