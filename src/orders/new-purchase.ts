/**
 * The one write of a new order or subscription: the customer, products or plan its request created or changed,
 * then the new record, then its pending payment, put together (all or nothing), with their events in the same
 * order. The record names the payment in `_paymentId`, so the caller draws the payment's id.
 */
import type { DomainEvent } from '../domain/events.ts';
import { done, type Outcome } from '../domain/outcome.ts';
import type { OrderRecord, RecordWrite, SubscriptionRecord } from '../domain/records.ts';
import { changesOf, type Resolved } from '../catalog/references.ts';
import type { Store } from '../store/store-types.ts';
import { paymentRecord, type PaymentDraft } from './payment-record.ts';

export interface NewPurchase<T extends OrderRecord | SubscriptionRecord> {
  /** The request's resolved references; those that created or changed a record are written first. */
  references: ReadonlyArray<Resolved<unknown>>;
  collection: 'orders' | 'subscriptions';
  record: T;
  /** The record's own `*.created` event. */
  created: DomainEvent;
  /** Its payment, PENDING, of the record's client and created with it. */
  payment: Pick<PaymentDraft, 'id' | 'owner' | 'amount' | 'payerPhone'>;
}

export function writeNewPurchase<T extends OrderRecord | SubscriptionRecord>(store: Store, purchase: NewPurchase<T>): Outcome<T> {
  const { record } = purchase;
  const payment = paymentRecord({ ...purchase.payment, clientId: record.clientId, status: 'PENDING', createdAt: record.createdAt });
  const references = changesOf(purchase.references);
  const written: RecordWrite[] = [
    ...references.writes,
    { collection: purchase.collection, record },
    { collection: 'payments', record: payment },
  ];
  store.putMany(written);
  const paymentCreated: DomainEvent = {
    type: 'payment.created',
    clientId: payment.clientId,
    at: payment.createdAt,
    paymentId: payment.id,
    status: 'PENDING',
    ...purchase.payment.owner,
  };
  return done(record, written, [...references.events, purchase.created, paymentCreated]);
}
