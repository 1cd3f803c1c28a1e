/**
 * Whether the wallet of a payment's number pays it now, on the client's clock: the one judgement the payer's PIN, a
 * progression's PAID step and an armed PAID (src/armed/armed-orders.ts) share, so none of them pays what the wallet
 * cannot (docs/security.md, money moves once).
 */
import type { FailureCode } from '../domain/payer-outcomes.ts';
import { toCentavos } from '../domain/money.ts';
import type { PaymentRecord } from '../domain/records.ts';
import type { Store } from '../store/store-types.ts';
import { findWallet, payerPhoneOf, spentOn } from './wallet-reads.ts';
import type { WalletRecord } from './wallet-record.ts';
import { walletRefusal } from './wallet-verdict.ts';

type Reader = Pick<Store, 'get' | 'findByKey' | 'list'>;

/** The wallet's reason to refuse `payment` at `nowMs`; undefined when it pays. */
export function refusalOf(store: Reader, wallet: Readonly<WalletRecord>, payment: Pick<PaymentRecord, 'amount'>, nowMs: number): FailureCode | undefined {
  return walletRefusal(wallet, toCentavos(payment.amount), spentOn(store, wallet, nowMs));
}

/** The reason the payer's wallet refuses `payment` at `nowMs`; undefined when it pays or the number has no wallet. */
export function paymentRefusal(store: Reader, clientId: string, payment: Readonly<PaymentRecord>, nowMs: number): FailureCode | undefined {
  const wallet = findWallet(store, clientId, payerPhoneOf(store, payment));
  return wallet === undefined ? undefined : refusalOf(store, wallet, payment, nowMs);
}
