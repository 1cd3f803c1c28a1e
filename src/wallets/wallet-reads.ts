/**
 * What the wallet rules read from the store: a client's wallet by number, what it paid today on the client's
 * clock, the prompt its phone shows, and whose number a payment was made from.
 */
import type { PayerPolicy } from '../domain/policy.ts';
import type { CustomerRecord, OrderRecord, PaymentRecord, SubscriptionRecord } from '../domain/records.ts';
import { promptExpiresMs } from '../orders/payer-prompt.ts';
import type { Store } from '../store/store-types.ts';
import { maputoDay, walletNumber, type WalletEntryRecord, type WalletRecord } from './wallet-record.ts';

type Reader = Pick<Store, 'get' | 'findByKey' | 'list'>;

export function findWallet(store: Reader, clientId: string, phone: string | undefined): Readonly<WalletRecord> | undefined {
  const number = walletNumber(phone);
  return number === undefined ? undefined : store.findByKey<WalletRecord>('wallets', 'phone', clientId, number.phone);
}

export function statementOf(store: Reader, wallet: Pick<WalletRecord, 'clientId' | 'phone'>): ReadonlyArray<Readonly<WalletEntryRecord>> {
  return store.list<WalletEntryRecord>('walletEntries', wallet.clientId).filter((entry) => entry.phone === wallet.phone);
}

/** Centavos debited on the Maputo day of `nowMs`. */
export function spentOn(store: Reader, wallet: Pick<WalletRecord, 'clientId' | 'phone'>, nowMs: number): number {
  const day = maputoDay(nowMs);
  let spent = 0;
  for (const entry of statementOf(store, wallet)) {
    if (entry.kind === 'debit' && maputoDay(Date.parse(entry.createdAt)) === day) spent += entry.amountCentavos;
  }
  return spent;
}

/** A prompt still open on the phone: its payment is pending and the prompt has not expired by `nowMs`. */
export interface OpenPrompt {
  payment: Readonly<PaymentRecord>;
  expiresMs: number;
}

export function openPrompt(store: Reader, wallet: Pick<WalletRecord, '_promptPaymentId'>, payer: PayerPolicy, nowMs: number): OpenPrompt | undefined {
  const payment = wallet._promptPaymentId === undefined ? undefined : store.get<PaymentRecord>('payments', wallet._promptPaymentId);
  const expiresMs = promptExpiresMs(payment, payer);
  return payment !== undefined && expiresMs !== undefined && expiresMs > nowMs ? { payment, expiresMs } : undefined;
}

/** The number a payment was paid from: the one the payer typed, else its order's or subscription's customer's. */
export function payerPhoneOf(store: Reader, payment: Readonly<PaymentRecord>): string | undefined {
  if (typeof payment['_payerPhone'] === 'string') return payment['_payerPhone'];
  const owner =
    payment.orderId !== undefined
      ? store.get<OrderRecord>('orders', payment.orderId)
      : payment.subscriptionId !== undefined
        ? store.get<SubscriptionRecord>('subscriptions', payment.subscriptionId)
        : undefined;
  return owner === undefined ? undefined : store.get<CustomerRecord>('customers', owner.customerId)?.phone;
}
