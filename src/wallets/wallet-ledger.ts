/**
 * The wallet side of a payment's end, written in the same write as the move that ended it (one journal line): a
 * paid payment from a wallet's number debits it, and every end (paid, failed, cancelled) becomes a line of the
 * wallet's statement. Whatever ended the payment (the payer's answer, a status poll, the clock, billing, an admin
 * or scenario action), the order flow's `paymentEnded` or the billing's charge gate hands it here at once, so the
 * next step of the same change (a clock move making many steps due, a billing catch-up) meets the wallet as this
 * end left it: money moves once (docs/security.md).
 */
import { ID_PREFIX } from '../domain/ids.ts';
import { toCentavos } from '../domain/money.ts';
import type { PaymentRecord, RecordWrite } from '../domain/records.ts';
import type { PaymentEnded } from '../orders/order-flow.ts';
import type { Random } from '../platform/random.ts';
import type { Store } from '../store/store-types.ts';
import { findWallet, payerPhoneOf } from './wallet-reads.ts';
import type { WalletEntryKind, WalletEntryRecord, WalletRecord } from './wallet-record.ts';

const KIND_OF_STATUS: Partial<Record<PaymentRecord['status'], WalletEntryKind>> = {
  PAID: 'debit',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

/** The wallet after a payment's end (debited when paid, its phone's prompt closed) and the statement line; none for a status that ends nothing. */
export function walletEnd(
  wallet: Readonly<WalletRecord>,
  payment: Readonly<PaymentRecord>,
  newId: () => string,
): { wallet: WalletRecord; entry: WalletEntryRecord } | undefined {
  const kind = KIND_OF_STATUS[payment.status];
  if (kind === undefined) return undefined;
  const at = payment.updatedAt;
  const amountCentavos = toCentavos(payment.amount);
  const after: WalletRecord = { ...wallet, ...(kind === 'debit' && { balanceCentavos: wallet.balanceCentavos - amountCentavos, updatedAt: at }) };
  if (after._promptPaymentId === payment.id) delete after._promptPaymentId;
  const entry: WalletEntryRecord = {
    id: newId(),
    clientId: payment.clientId,
    phone: wallet.phone,
    kind,
    amountCentavos,
    balanceAfterCentavos: after.balanceCentavos,
    paymentId: payment.id,
    ...(payment.orderId !== undefined && { orderId: payment.orderId }),
    ...(payment.subscriptionId !== undefined && { subscriptionId: payment.subscriptionId }),
    ...(kind !== 'debit' && payment.failureReason !== undefined && { failureReason: payment.failureReason }),
    createdAt: at,
  };
  return { wallet: after, entry };
}

export function walletEndWrites(ended: { wallet: WalletRecord; entry: WalletEntryRecord } | undefined): RecordWrite[] {
  return ended === undefined ? [] : [{ collection: 'wallets', record: ended.wallet }, { collection: 'walletEntries', record: ended.entry }];
}

/** The order flow's `paymentEnded`: the wallet of the payment's number, as the store holds it now, meets the end. */
export function walletLedger(store: Store, random: Pick<Random, 'id'>): PaymentEnded {
  return (payment) => {
    const wallet = findWallet(store, payment.clientId, payerPhoneOf(store, payment));
    return wallet === undefined ? [] : walletEndWrites(walletEnd(wallet, payment, () => random.id(ID_PREFIX.walletEntry)));
  };
}
